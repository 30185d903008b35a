package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PkceTest {

    @Test
    void theChallengeIsTheS256OfTheVerifierAsInRfc7636() {
        assertEquals(
                "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
                Pkce.of("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk").challenge());
    }

    @Test
    void verifiersAndStatesAre256RandomBitsInBase64Url() {
        Pkce first = Pkce.create();
        Pkce second = Pkce.create();

        assertTrue(first.verifier().matches("[A-Za-z0-9_-]{43}"), first.verifier());
        assertNotEquals(first.verifier(), second.verifier());
        assertNotEquals(Pkce.randomToken(), Pkce.randomToken());
        assertEquals(Pkce.challengeOf(first.verifier()), first.challenge());
    }
}
