package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class LoginThrottlesTest {

    private final LoginThrottles throttles = new LoginThrottles(
            new LoginThrottle(3, Duration.ofMinutes(5), Clock.systemUTC()),
            new LoginThrottle(6, Duration.ofMinutes(5), Clock.systemUTC()));

    @Test
    void failuresFromOneAddressLockTheNameThereOnly() {
        for (int i = 0; i < 3; i++) {
            assertEquals(Optional.empty(), throttles.reserve("admin", "203.0.113.5"));
        }

        assertTrue(throttles.reserve("admin", "203.0.113.5").isPresent(), "the guessing address waits");
        assertEquals(
                Optional.empty(), throttles.reserve("Admin", "198.51.100.2"), "the owner elsewhere gets a verdict");
    }

    @Test
    void failuresFromManyAddressesTogetherLockTheNameEverywhereAtTheHigherLimit() {
        for (int i = 0; i < 6; i++) {
            assertEquals(Optional.empty(), throttles.reserve("admin", "192.0.2." + i));
        }

        assertTrue(
                throttles.reserve("admin", "198.51.100.2").isPresent(),
                "six failures across addresses: every address waits");
        assertEquals(Optional.empty(), throttles.reserve("someone-else", "198.51.100.2"));
    }

    @Test
    void aSuccessForgetsTheFailuresAtItsAddressAndAcrossAddresses() {
        throttles.reserve("alice", "a");
        throttles.reserve("alice", "a");
        throttles.reserve("alice", "b");
        throttles.succeeded("alice", "a");

        for (int i = 0; i < 3; i++) {
            assertEquals(Optional.empty(), throttles.reserve("alice", "a"), "attempt " + i + " after the success");
        }
        assertEquals(
                Optional.empty(),
                throttles.reserve("alice", "c"),
                "the count across addresses restarted with the success: 3 + 1 < 6");
    }
}
