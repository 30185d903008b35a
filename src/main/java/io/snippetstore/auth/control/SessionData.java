package io.snippetstore.auth.control;

import java.time.Instant;

import io.snippetstore.auth.entity.UserSession;

/** A browser session as its user sees it listed. */
public record SessionData(String id, Instant createdAt, Instant lastUsedAt, String userAgent) {

    static SessionData of(UserSession session) {
        return new SessionData(session.id(), session.createdAt(), session.lastUsedAt(), session.userAgent());
    }
}
