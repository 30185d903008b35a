package io.snippetstore.auth.control;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * The unknown user codes typed in the last {@link #WINDOW}: by a signed-in user, at most
 * {@link #MAX_WRONG_PER_USER}, and from one client address, at most {@link #MAX_WRONG_PER_ADDRESS};
 * past either, the next lookup waits until the oldest wrong one leaves the window. A lookup counts
 * as wrong from its start (so parallel guesses are counted too) until it finds its code, and a
 * code found clears nothing else: a guesser cannot reset the count with a login of their own. A
 * user code has about 35 bits; at these rates guessing someone's live one is out of reach.
 */
@ApplicationScoped
public class DeviceCodeGuesses {

    static final int MAX_WRONG_PER_USER = 10;
    static final int MAX_WRONG_PER_ADDRESS = 100;
    static final Duration WINDOW = Duration.ofMinutes(10);
    /** Users and addresses remembered; the least recently seen are forgotten first. */
    static final int MAX_TRACKED = 20_000;

    private final Clock clock;
    private final LinkedHashMap<String, Deque<Instant>> wrong = new LinkedHashMap<>(256, 0.75f, true);

    public DeviceCodeGuesses() {
        this(Clock.systemUTC());
    }

    DeviceCodeGuesses(Clock clock) {
        this.clock = clock;
    }

    /** Starts a lookup by this user from this address: how long they must still wait, or nothing (the lookup counts as wrong until {@link #right}). */
    synchronized Optional<Duration> reserve(String userId, String address) {
        Instant now = clock.instant();
        Deque<Instant> byUser = recent(userKey(userId), now);
        Deque<Instant> byAddress = recent(addressKey(address), now);
        Optional<Duration> wait =
                waitFor(byUser, MAX_WRONG_PER_USER, now).or(() -> waitFor(byAddress, MAX_WRONG_PER_ADDRESS, now));
        if (wait.isEmpty()) {
            byUser.addLast(now);
            byAddress.addLast(now);
        }
        forgetBeyondBudget();
        return wait;
    }

    /** The lookup found its code: it does not count as wrong (the others still do). */
    synchronized void right(String userId, String address) {
        Optional.ofNullable(wrong.get(userKey(userId))).ifPresent(Deque::pollLast);
        Optional.ofNullable(wrong.get(addressKey(address))).ifPresent(Deque::pollLast);
    }

    synchronized int tracked() {
        return wrong.size();
    }

    private Deque<Instant> recent(String key, Instant now) {
        Deque<Instant> times = wrong.computeIfAbsent(key, ignored -> new ArrayDeque<>());
        while (!times.isEmpty() && !times.peekFirst().plus(WINDOW).isAfter(now)) {
            times.pollFirst();
        }
        return times;
    }

    private static Optional<Duration> waitFor(Deque<Instant> times, int max, Instant now) {
        return times.size() < max
                ? Optional.empty()
                : Optional.of(Duration.between(now, times.peekFirst().plus(WINDOW)));
    }

    private void forgetBeyondBudget() {
        Iterator<Map.Entry<String, Deque<Instant>>> oldestFirst =
                wrong.entrySet().iterator();
        while (wrong.size() > MAX_TRACKED && oldestFirst.hasNext()) {
            oldestFirst.next();
            oldestFirst.remove();
        }
    }

    private static String userKey(String userId) {
        return "user " + userId;
    }

    private static String addressKey(String address) {
        return "address " + address;
    }
}
