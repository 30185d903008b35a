package io.snippetstore.snippets.boundary;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.CollectionLinkData;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A collection's share link on the wire, without its secret. */
@JsonbNillable
@JsonbPropertyOrder({"id", "collectionId", "createdAt", "expiresAt"})
public record CollectionLinkView(String id, String collectionId, String createdAt, String expiresAt) {

    static CollectionLinkView of(CollectionLinkData link) {
        return new CollectionLinkView(
                link.id(),
                link.collectionId(),
                Timestamps.format(link.createdAt()),
                Timestamps.format(link.expiresAt()));
    }
}
