package io.snippetstore.auth.control;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Counts consecutive failed logins per username. Every attempt is counted as a failure when it
 * starts ({@link #reserve}), in the same step that checks the count, and forgotten with the
 * username's whole count when it succeeds: so any number of parallel attempts gets at most
 * {@code maxFailures} verdicts. From the {@code maxFailures}th failure on, every attempt for that
 * username is refused until {@code backoff} has passed since the last one. Bounded in memory by
 * an estimate in bytes: the least recently used usernames are forgotten first.
 */
public class LoginThrottle {

    /** About 16,000 usernames of 64 characters. */
    static final long MAX_TRACKED_BYTES = 4L * 1024 * 1024;
    /** A map entry, its record and the key's string object, without the characters. */
    private static final int ENTRY_OVERHEAD_BYTES = 120;

    private record Failures(int count, Instant last) {}

    private final int maxFailures;
    private final Duration backoff;
    private final Clock clock;
    private final LinkedHashMap<String, Failures> failures = new LinkedHashMap<>(256, 0.75f, true);
    private long trackedBytes;

    public LoginThrottle(int maxFailures, Duration backoff, Clock clock) {
        this.maxFailures = maxFailures;
        this.backoff = backoff;
        this.clock = clock;
    }

    /**
     * Starts an attempt for this username: how long it must still wait when it must (nothing is
     * counted then), otherwise nothing, and the attempt counts as a failure until {@link #succeeded}.
     */
    public synchronized Optional<Duration> reserve(String username) {
        String key = key(username);
        Instant now = clock.instant();
        Failures recorded = failures.get(key);
        if (recorded != null && recorded.count() >= maxFailures) {
            Duration remaining = Duration.between(now, recorded.last().plus(backoff));
            if (!remaining.isNegative() && !remaining.isZero()) {
                return Optional.of(remaining);
            }
        }
        if (recorded == null) {
            trackedBytes += cost(key);
        }
        failures.put(key, new Failures(recorded == null ? 1 : recorded.count() + 1, now));
        forgetOldestBeyondBudget();
        return Optional.empty();
    }

    /** The attempt succeeded: the username's failures are forgotten. */
    public synchronized void succeeded(String username) {
        String key = key(username);
        if (failures.remove(key) != null) {
            trackedBytes -= cost(key);
        }
    }

    synchronized long trackedBytes() {
        return trackedBytes;
    }

    private void forgetOldestBeyondBudget() {
        Iterator<Map.Entry<String, Failures>> oldestFirst = failures.entrySet().iterator();
        while (trackedBytes > MAX_TRACKED_BYTES && oldestFirst.hasNext()) {
            trackedBytes -= cost(oldestFirst.next().getKey());
            oldestFirst.remove();
        }
    }

    private static long cost(String key) {
        return ENTRY_OVERHEAD_BYTES + 2L * key.length();
    }

    private static String key(String username) {
        return username.toLowerCase(Locale.ROOT);
    }
}
