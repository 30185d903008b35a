package io.snippetstore.snippets.control;

import java.time.Instant;

import io.snippetstore.snippets.entity.ShareLink;

/** A share link as the use cases hand it out: never its secret. */
public record LinkData(String id, String snippetId, Instant createdAt, Instant expiresAt) {

    static LinkData of(ShareLink link) {
        return new LinkData(link.id(), link.snippetId(), link.createdAt(), link.expiresAt());
    }
}
