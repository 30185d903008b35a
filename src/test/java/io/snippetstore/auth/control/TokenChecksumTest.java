package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TokenChecksumTest {

    /** Expected values from Python's zlib.crc32, written in base62 by hand: not from this code. */
    @Test
    void theChecksumIsTheCrc32OfTheRestInSixBase62Digits() {
        assertEquals("2mb7ee", TokenChecksum.of("sst_abc"), "2550377356 in base62");
        assertEquals("sst_" + "A".repeat(43) + "40Sj3e", TokenChecksum.appendTo("sst_" + "A".repeat(43)));
    }

    @Test
    void aTokenWithOneCharacterChangedOrTooShortFailsTheCheck() {
        String token = TokenChecksum.appendTo("sst_" + "A".repeat(43));

        assertTrue(TokenChecksum.isValid(token));
        assertFalse(TokenChecksum.isValid(token.replaceFirst("A", "B")));
        assertFalse(TokenChecksum.isValid(token.substring(0, token.length() - 1) + "x"));
        assertFalse(TokenChecksum.isValid("40Sj3e"));
    }
}
