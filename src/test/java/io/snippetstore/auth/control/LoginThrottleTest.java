package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.snippetstore.testing.MovableClock;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-22T10:00:00Z"));
    private final LoginThrottle throttle = new LoginThrottle(3, Duration.ofSeconds(60), clock);

    private void fail(String username, int times) {
        for (int i = 0; i < times; i++) {
            assertEquals(Optional.empty(), throttle.reserve(username), "attempt " + (i + 1) + " may start");
        }
    }

    @Test
    void refusesFromTheMaximumNumberOfFailuresOnUntilTheBackoffPasses() {
        fail("alice", 3);
        assertEquals(Optional.of(Duration.ofSeconds(60)), throttle.reserve("alice"));

        clock.advance(Duration.ofSeconds(59));
        assertEquals(Optional.of(Duration.ofSeconds(1)), throttle.reserve("alice"));
        clock.advance(Duration.ofSeconds(1));
        assertEquals(Optional.empty(), throttle.reserve("alice"), "one more attempt after the backoff");
        assertEquals(
                Optional.of(Duration.ofSeconds(60)), throttle.reserve("alice"), "which failed: refused again at once");
    }

    @Test
    void countsPerUsernameIgnoringCase() {
        throttle.reserve("Bob");
        throttle.reserve("BOB");
        throttle.reserve("bob");

        assertTrue(throttle.reserve("bOb").isPresent());
        assertEquals(Optional.empty(), throttle.reserve("carol"));
    }

    @Test
    void aSuccessForgetsTheFailures() {
        fail("dave", 2);
        throttle.succeeded("dave");
        fail("dave", 2);
        throttle.succeeded("dave");

        fail("dave", 3);
    }

    @Test
    void attemptsStartedInParallelGetNoMoreVerdictsThanTheMaximum() throws InterruptedException {
        AtomicInteger started = new AtomicInteger();
        Thread[] attackers = new Thread[64];
        for (int i = 0; i < attackers.length; i++) {
            attackers[i] = new Thread(() -> {
                if (throttle.reserve("erin").isEmpty()) {
                    started.incrementAndGet();
                }
            });
            attackers[i].start();
        }
        for (Thread attacker : attackers) {
            attacker.join();
        }

        assertEquals(3, started.get());
    }

    @Test
    void memoryStaysWithinItsBudgetHoweverManyUsernamesAreTried() {
        String longName = "x".repeat(64);
        for (int i = 0; i < 100_000; i++) {
            throttle.reserve(longName + i);
        }

        assertTrue(
                throttle.trackedBytes() <= LoginThrottle.MAX_TRACKED_BYTES,
                () -> throttle.trackedBytes() + " bytes tracked");
        assertTrue(throttle.trackedBytes() > LoginThrottle.MAX_TRACKED_BYTES / 2, "recent usernames are still counted");
        fail(longName + 99_999, 2);
        assertTrue(throttle.reserve(longName + 99_999).isPresent(), "the most recent username is still throttled");
    }
}
