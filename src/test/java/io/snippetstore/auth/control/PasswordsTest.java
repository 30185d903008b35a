package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PasswordsTest {

    /** Written by Jakarta Security's Pbkdf2PasswordHash on Payara for "integration-admin-password". */
    private static final String HASH_FROM_JAKARTA_SECURITY =
            "PBKDF2WithHmacSHA512:210000:DItPDHErypbZeQin6hetPw==:fI2k+Kkkg4wntn9hKi2cvZoOnlr4Q5Y3ae8BAvryWJo=";

    private final Passwords passwords = withIterations(1000);

    @Test
    void aHashWrittenByJakartaSecurityStillVerifies() {
        assertTrue(passwords.matches("integration-admin-password", HASH_FROM_JAKARTA_SECURITY));
        assertFalse(passwords.matches("integration-admin-passwore", HASH_FROM_JAKARTA_SECURITY));
    }

    @Test
    void aNewHashNamesItsAlgorithmIterationsAndSaltAndVerifiesOnlyItsPassword() {
        String hash = passwords.hash("correct horse");

        String[] parts = hash.split(":");
        assertEquals("PBKDF2WithHmacSHA512", parts[0]);
        assertEquals("1000", parts[1]);
        assertTrue(passwords.matches("correct horse", hash));
        assertFalse(passwords.matches("correct horsE", hash));
    }

    @Test
    void theSamePasswordHashesDifferentlyEachTime() {
        assertNotEquals(passwords.hash("same"), passwords.hash("same"));
    }

    @Test
    void aHashThatAWorkFactorChangeLeftBehindStillVerifiesWithItsOwnIterations() {
        String older = withIterations(500).hash("kept");

        assertTrue(passwords.matches("kept", older));
    }

    @Test
    void aStoredValueInAnotherFormatMatchesNothing() {
        assertFalse(passwords.matches("x", "x"));
        assertFalse(passwords.matches("x", "MD5:1:AAAA:AAAA"));
        assertFalse(passwords.matches("x", "PBKDF2WithHmacSHA512:many:AAAA:AAAA"));
        assertFalse(passwords.matches("x", "PBKDF2WithHmacSHA512:10:not base64!:AAAA"));
    }

    @Test
    void anAccountWithoutAPasswordHereSpendsADecoysCheckSoTimingTellsNothing() {
        int[] decoys = {0};
        Passwords counting = new Passwords() {
            @Override
            public void verifyDecoy(String password) {
                decoys[0]++;
                super.verifyDecoy(password);
            }
        };
        counting.iterations = 1000;
        counting.createDecoy();

        assertFalse(counting.matches("typed", "")); // User.NO_PASSWORD: an account of the identity provider
        assertEquals(1, decoys[0], "an unusable stored value costs a full check, as an unknown username does");
        assertEquals(1, counting.checks(), "the decoy's verification is counted");
        assertTrue(counting.matches("right", counting.hash("right")));
        assertEquals(1, decoys[0], "a real hash is checked itself");
        assertEquals(2, counting.checks(), "hashing a new password is no check");
    }

    private static Passwords withIterations(int iterations) {
        Passwords configured = new Passwords();
        configured.iterations = iterations;
        configured.createDecoy();
        return configured;
    }
}
