package io.snippetstore.snippets.control;

import java.time.Instant;

import io.snippetstore.snippets.entity.CollectionLink;

/** A collection's share link as the use cases hand it out: never its secret. */
public record CollectionLinkData(String id, String collectionId, Instant createdAt, Instant expiresAt) {

    static CollectionLinkData of(CollectionLink link) {
        return new CollectionLinkData(link.id(), link.collectionId(), link.createdAt(), link.expiresAt());
    }
}
