package io.snippetstore.auth.control;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.CollectionRef;

/**
 * A device login waiting for the user's decision, as the approval page shows it: with the scopes
 * its token will get of those it asked for (none asked: every scope of the user's role), the
 * collections it is to be limited to (by name, those the user may read), and the days it lives.
 */
public record PendingDevice(
        String tokenName,
        Optional<Set<Scope>> scopes,
        Optional<List<CollectionRef>> collections,
        Optional<Integer> expiresInDays,
        String clientAddress,
        Instant createdAt,
        Instant expiresAt) {}
