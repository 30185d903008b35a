package io.snippetstore.auth.control;

import java.time.Instant;

import io.snippetstore.auth.entity.ApiToken;

/** An API token as the use cases hand it out: its metadata, never its value or hash. */
public record TokenData(
        String id, String userId, String name, Instant createdAt, Instant expiresAt, Instant lastUsedAt) {

    static TokenData of(ApiToken token) {
        return new TokenData(
                token.id(), token.userId(), token.name(), token.createdAt(), token.expiresAt(), token.lastUsedAt());
    }
}
