package io.snippetstore.auth.control;

import java.time.Instant;
import java.util.Optional;

import io.snippetstore.auth.entity.UserSession;

/** A browser session as its user sees it listed; where it signed in from, when that was recorded. */
public record SessionData(
        String id, Instant createdAt, Instant lastUsedAt, String userAgent, Optional<String> clientAddress) {

    static SessionData of(UserSession session) {
        return new SessionData(
                session.id(), session.createdAt(), session.lastUsedAt(), session.userAgent(), session.clientAddress());
    }
}
