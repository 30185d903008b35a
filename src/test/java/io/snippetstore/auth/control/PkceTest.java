package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.snippetstore.platform.ApiException;
import org.junit.jupiter.api.Test;

class PkceTest {

    // The example of RFC 7636, appendix B.
    private static final String VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    private static final String CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    @Test
    void theRfcExampleVerifies() {
        assertTrue(Pkce.verifies(CHALLENGE, VERIFIER));
        assertFalse(Pkce.verifies(CHALLENGE, VERIFIER + "x"));
        assertFalse(Pkce.verifies(CHALLENGE, null));
    }

    @Test
    void onlyWellFormedS256ChallengesAreAccepted() {
        assertEquals(CHALLENGE, Pkce.acceptChallenge(CHALLENGE, "S256"));
        assertNull(Pkce.acceptChallenge(null, null));
        assertThrows(ApiException.class, () -> Pkce.acceptChallenge(CHALLENGE, "plain"));
        assertThrows(ApiException.class, () -> Pkce.acceptChallenge(CHALLENGE, null));
        assertThrows(ApiException.class, () -> Pkce.acceptChallenge("short", "S256"));
        assertThrows(ApiException.class, () -> Pkce.acceptChallenge(null, "S256"));
    }
}
