package io.snippetstore.snippets.boundary;

import java.net.URI;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.IssuedCollectionLink;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A collection's share link just created, with its URL: the only answer that carries it. */
@JsonbNillable
@JsonbPropertyOrder({"id", "collectionId", "url", "createdAt", "expiresAt"})
public record NewCollectionLinkView(String id, String collectionId, String url, String createdAt, String expiresAt) {

    /** The page of a collection's link, {@code /c/<secret>}, on this service. */
    static final String PAGE_PATH = "/c/";

    static NewCollectionLinkView of(IssuedCollectionLink issued, URI service) {
        var link = issued.link();
        return new NewCollectionLinkView(
                link.id(),
                link.collectionId(),
                service.resolve(PAGE_PATH + issued.secret()).toString(),
                Timestamps.format(link.createdAt()),
                Timestamps.format(link.expiresAt()));
    }
}
