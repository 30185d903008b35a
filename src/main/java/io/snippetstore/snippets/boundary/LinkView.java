package io.snippetstore.snippets.boundary;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.LinkData;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A share link on the wire, without its secret. */
@JsonbNillable
@JsonbPropertyOrder({"id", "snippetId", "createdAt", "expiresAt"})
public record LinkView(String id, String snippetId, String createdAt, String expiresAt) {

    static LinkView of(LinkData link) {
        return new LinkView(
                link.id(), link.snippetId(), Timestamps.format(link.createdAt()), Timestamps.format(link.expiresAt()));
    }
}
