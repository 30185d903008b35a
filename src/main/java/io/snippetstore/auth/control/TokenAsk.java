package io.snippetstore.auth.control;

import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.security.Scope;

/**
 * What a login asks of the token it will make: its scopes (none: the role's), the collections it
 * is limited to (none: every snippet), and the days it lives (none: as a login's token does).
 */
public record TokenAsk(
        Optional<Set<Scope>> scopes, Optional<Set<String>> collections, Optional<Integer> expiresInDays) {

    public TokenAsk {
        scopes = scopes.map(Set::copyOf);
        collections = collections.map(Set::copyOf);
    }

    /** A login that asks only for scopes, as the browser login does. */
    public static TokenAsk scopes(Optional<Set<Scope>> scopes) {
        return new TokenAsk(scopes, Optional.empty(), Optional.empty());
    }
}
