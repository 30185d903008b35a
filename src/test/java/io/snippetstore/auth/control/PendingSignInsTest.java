package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import io.snippetstore.testing.MovableClock;
import org.junit.jupiter.api.Test;

class PendingSignInsTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T09:00:00Z"));
    private final PendingSignIns pending = new PendingSignIns(clock);

    @Test
    void aStartedSignInIsTakenOnceByItsStateWithItsNonceVerifierAndNext() {
        String sealed = pending.add(Optional.empty(), "state-1", "nonce-1", "verifier-1", "/#/s/42");

        PendingSignIns.Taken taken = pending.take(Optional.of(sealed), "state-1");

        PendingSignIns.Pending started = taken.started().orElseThrow();
        assertEquals("nonce-1", started.nonce());
        assertEquals("verifier-1", started.verifier());
        assertEquals("/#/s/42", started.next());
        assertEquals("", taken.sealedOthers(), "nothing left: the browser's cookie is removed");
        assertTrue(
                pending.take(Optional.of(taken.sealedOthers()), "state-1")
                        .started()
                        .isEmpty(),
                "taken once");
    }

    @Test
    void aBrowserHoldsAtMostFiveTheNewestAndEachForTenMinutes() {
        String sealed = "";
        for (int i = 1; i <= 7; i++) {
            sealed = pending.add(Optional.of(sealed), "state-" + i, "n", "v", "/");
            clock.advance(Duration.ofSeconds(1));
        }

        assertEquals(5, pending.open(Optional.of(sealed)).size());
        assertTrue(pending.take(Optional.of(sealed), "state-2").started().isEmpty(), "the oldest went first");
        assertTrue(pending.take(Optional.of(sealed), "state-7").started().isPresent());
        clock.advance(Duration.ofMinutes(10));
        assertEquals(0, pending.open(Optional.of(sealed)).size(), "ten minutes later none is live");
    }

    @Test
    void aValueChangedOrSealedByAnotherStartOpensAsNoSignIn() {
        String sealed = pending.add(Optional.empty(), "state", "n", "v", "/");
        String changed = sealed.substring(0, 20) + (sealed.charAt(20) == 'A' ? 'B' : 'A') + sealed.substring(21);

        assertTrue(pending.take(Optional.of(changed), "state").started().isEmpty());
        assertTrue(
                new PendingSignIns(clock)
                        .take(Optional.of(sealed), "state")
                        .started()
                        .isEmpty(),
                "a restart's new key");
        assertTrue(pending.take(Optional.of("not base64 !"), "state").started().isEmpty());
        assertTrue(pending.take(Optional.of("AAAA"), "state").started().isEmpty());
    }

    @Test
    void anotherSignInOfTheSameBrowserStaysWhenOneIsTaken() {
        String sealed = pending.add(Optional.empty(), "first", "n1", "v1", "/");
        sealed = pending.add(Optional.of(sealed), "second", "n2", "v2", "/");

        PendingSignIns.Taken taken = pending.take(Optional.of(sealed), "first");

        assertEquals(
                "n2",
                pending.take(Optional.of(taken.sealedOthers()), "second")
                        .started()
                        .orElseThrow()
                        .nonce());
    }
}
