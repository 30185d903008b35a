package io.snippetstore.snippets.control;

import java.time.Duration;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ConcurrencyLimit;
import io.snippetstore.platform.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Places for the diffs and merges that run at once (each takes up to about a second of a core
 * and a few tens of mebibytes at the limits, docs/API.md "Limits"): {@link #TOTAL} in all, one
 * per user; a user's second one at once is refused, another user's waits up to
 * {@link #WAIT} for a place. A refusal is a 429 with {@code Retry-After}.
 */
@ApplicationScoped
public class TextComparisons {

    static final int TOTAL = 2;
    static final int PER_USER = 1;
    static final Duration WAIT = Duration.ofSeconds(2);

    private final ConcurrencyLimit places = new ConcurrencyLimit(TOTAL, PER_USER, WAIT);

    /** A place for one diff or merge of this caller's; close it when done. */
    ConcurrencyLimit.Permit enter(Caller caller) {
        return places.tryEnter(caller.userId())
                .orElseThrow(() -> ApiException.busy("diffs and merges", Duration.ofSeconds(1)));
    }
}
