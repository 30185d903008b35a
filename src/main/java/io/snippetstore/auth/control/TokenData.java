package io.snippetstore.auth.control;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.security.Role;
import io.snippetstore.platform.security.Scope;

/** An API token as the use cases hand it out: its metadata, never its value or hash; {@code collections}: those it is limited to, if it is. */
public record TokenData(
        String id,
        String userId,
        String name,
        Set<Scope> scopes,
        Optional<Set<String>> collections,
        Instant createdAt,
        Instant expiresAt,
        Instant lastUsedAt) {

    /** The token of a user of this role: what it may do follows the role when it names no scopes. */
    static TokenData of(ApiToken token, Role role) {
        return new TokenData(
                token.id(),
                token.userId(),
                token.name(),
                token.scopesFor(role),
                token.collections(),
                token.createdAt(),
                token.expiresAt(),
                token.lastUsedAt());
    }
}
