package io.snippetstore.snippets.boundary;

import java.net.URI;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.IssuedLink;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A share link just created, with its URL: the only answer that carries it. */
@JsonbNillable
@JsonbPropertyOrder({"id", "snippetId", "url", "createdAt", "expiresAt"})
public record NewLinkView(String id, String snippetId, String url, String createdAt, String expiresAt) {

    /** The page of a link, {@code /s/<secret>}, on this service. */
    static final String PAGE_PATH = "/s/";

    static NewLinkView of(IssuedLink issued, URI service) {
        var link = issued.link();
        return new NewLinkView(
                link.id(),
                link.snippetId(),
                service.resolve(PAGE_PATH + issued.secret()).toString(),
                Timestamps.format(link.createdAt()),
                Timestamps.format(link.expiresAt()));
    }
}
