package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private Instant now = Instant.parse("2026-11-22T10:00:00Z");
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };
    private final LoginThrottle throttle = new LoginThrottle(3, Duration.ofSeconds(60), clock);

    @Test
    void refusesFromTheMaximumNumberOfFailuresOnUntilTheBackoffPasses() {
        throttle.failed("alice");
        throttle.failed("alice");
        assertEquals(Optional.empty(), throttle.retryAfter("alice"));

        throttle.failed("alice");
        assertEquals(Optional.of(Duration.ofSeconds(60)), throttle.retryAfter("alice"));

        now = now.plusSeconds(59);
        assertEquals(Optional.of(Duration.ofSeconds(1)), throttle.retryAfter("alice"));
        now = now.plusSeconds(1);
        assertEquals(Optional.empty(), throttle.retryAfter("alice"));
    }

    @Test
    void countsPerUsernameIgnoringCase() {
        throttle.failed("Bob");
        throttle.failed("BOB");
        throttle.failed("bob");

        assertTrue(throttle.retryAfter("bOb").isPresent());
        assertEquals(Optional.empty(), throttle.retryAfter("carol"));
    }

    @Test
    void aSuccessForgetsTheFailures() {
        throttle.failed("dave");
        throttle.failed("dave");
        throttle.succeeded("dave");
        throttle.failed("dave");
        throttle.failed("dave");

        assertEquals(Optional.empty(), throttle.retryAfter("dave"));
    }
}
