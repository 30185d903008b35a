package io.snippetstore.auth.control;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * How many unknown user codes a signed-in user has typed: after {@link #MAX_WRONG} in a row, the
 * next lookup waits {@link #BACKOFF}. A user code has about 35 bits; at ten tries per ten minutes,
 * guessing someone's live one is out of reach.
 */
@ApplicationScoped
public class DeviceCodeGuesses {

    static final int MAX_WRONG = 10;
    static final Duration BACKOFF = Duration.ofMinutes(10);

    private final LoginThrottle throttle = new LoginThrottle(MAX_WRONG, BACKOFF, Clock.systemUTC());

    /** Starts a lookup by this user: how long they must still wait, or nothing (the lookup counts as wrong until {@link #right}). */
    Optional<Duration> reserve(String userId) {
        return throttle.reserve(userId);
    }

    void right(String userId) {
        throttle.succeeded(userId);
    }
}
