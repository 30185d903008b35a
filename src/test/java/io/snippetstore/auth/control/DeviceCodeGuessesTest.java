package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import io.snippetstore.testing.MovableClock;
import org.junit.jupiter.api.Test;

class DeviceCodeGuessesTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T10:00:00Z"));
    private final DeviceCodeGuesses guesses = new DeviceCodeGuesses(clock);

    private void wrong(String user, String address) {
        assertEquals(Optional.empty(), guesses.reserve(user, address));
    }

    @Test
    void aCodeOfTheGuessersOwnDoesNotClearTheWrongOnesBeforeIt() {
        for (int i = 0; i < 9; i++) {
            wrong("mallory", "203.0.113.9");
        }
        assertEquals(Optional.empty(), guesses.reserve("mallory", "203.0.113.9"));
        guesses.right("mallory", "203.0.113.9"); // their own live code: this lookup is not wrong
        wrong("mallory", "203.0.113.9");

        assertTrue(
                guesses.reserve("mallory", "203.0.113.9").isPresent(),
                "ten wrong in the window, whatever came between");
    }

    @Test
    void theWaitEndsWhenTheOldestWrongCodeLeavesTheWindow() {
        wrong("mallory", "a");
        clock.advance(Duration.ofMinutes(3));
        for (int i = 0; i < 9; i++) {
            wrong("mallory", "a");
        }

        assertEquals(Optional.of(Duration.ofMinutes(7)), guesses.reserve("mallory", "a"));
        clock.advance(Duration.ofMinutes(7));
        assertEquals(Optional.empty(), guesses.reserve("mallory", "a"), "the first wrong one has left the window");
    }

    @Test
    void manyUsersFromOneAddressShareTheAddresssLimit() {
        for (int i = 0; i < DeviceCodeGuesses.MAX_WRONG_PER_ADDRESS; i++) {
            wrong("user" + (i / 5), "198.51.100.7");
        }

        assertTrue(
                guesses.reserve("fresh", "198.51.100.7").isPresent(), "a new account from the same address waits too");
        assertEquals(Optional.empty(), guesses.reserve("fresh", "192.0.2.1"), "from another address it does not");
    }

    @Test
    void theMemoryIsBoundedByForgettingTheLeastRecentlySeen() {
        for (int i = 0; i < DeviceCodeGuesses.MAX_TRACKED + 500; i++) {
            guesses.reserve("u" + i, "a" + i);
        }

        assertTrue(guesses.tracked() <= DeviceCodeGuesses.MAX_TRACKED);
    }
}
