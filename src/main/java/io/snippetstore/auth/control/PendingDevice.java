package io.snippetstore.auth.control;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.security.Scope;

/**
 * A device login waiting for the user's decision, as the approval page shows it: with the scopes
 * its token will get of those it asked for (none asked: every scope of the user's role).
 */
public record PendingDevice(
        String tokenName, Optional<Set<Scope>> scopes, String clientAddress, Instant createdAt, Instant expiresAt) {}
