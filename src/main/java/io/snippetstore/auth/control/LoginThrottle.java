package io.snippetstore.auth.control;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Counts consecutive failed logins per username. From the {@code maxFailures}th failure on,
 * every attempt for that username is refused until {@code backoff} has passed since the last
 * failure; a successful login forgets the count. Bounded in memory: the least recently used
 * usernames are forgotten first.
 */
public class LoginThrottle {

    private static final int TRACKED_USERNAMES = 10_000;

    private record Failures(int count, Instant last) {
    }

    private final int maxFailures;
    private final Duration backoff;
    private final Clock clock;
    private final Map<String, Failures> failures = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Failures> eldest) {
            return size() > TRACKED_USERNAMES;
        }
    };

    public LoginThrottle(int maxFailures, Duration backoff, Clock clock) {
        this.maxFailures = maxFailures;
        this.backoff = backoff;
        this.clock = clock;
    }

    /** How long this username must still wait, if it must. */
    public synchronized Optional<Duration> retryAfter(String username) {
        Failures recorded = failures.get(key(username));
        if (recorded == null || recorded.count() < maxFailures) {
            return Optional.empty();
        }
        Duration remaining = Duration.between(clock.instant(), recorded.last().plus(backoff));
        return remaining.isNegative() || remaining.isZero() ? Optional.empty() : Optional.of(remaining);
    }

    public synchronized void failed(String username) {
        failures.merge(key(username), new Failures(1, clock.instant()),
                (old, fresh) -> new Failures(old.count() + 1, fresh.last()));
    }

    public synchronized void succeeded(String username) {
        failures.remove(key(username));
    }

    private static String key(String username) {
        return username.toLowerCase(Locale.ROOT);
    }
}
