package io.snippetstore.auth.control;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The last six characters of a token: the CRC32 of what comes before them, in base62, as
 * GitHub's tokens end. A secret scanner tells a real token from random text offline with it
 * (README, "Tokens that leak"); the service itself still looks every token up by its hash.
 */
public final class TokenChecksum {

    static final int LENGTH = 6;
    private static final String DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    private TokenChecksum() {}

    /** The value with its checksum appended. */
    public static String appendTo(String value) {
        return value + of(value);
    }

    /** Whether the last six characters are the checksum of the rest. */
    public static boolean isValid(String token) {
        return token.length() > LENGTH
                && of(token.substring(0, token.length() - LENGTH)).equals(token.substring(token.length() - LENGTH));
    }

    static String of(String value) {
        CRC32 crc = new CRC32();
        crc.update(value.getBytes(StandardCharsets.UTF_8));
        long remaining = crc.getValue();
        char[] digits = new char[LENGTH];
        for (int i = LENGTH - 1; i >= 0; i--) {
            digits[i] = DIGITS.charAt((int) (remaining % DIGITS.length()));
            remaining /= DIGITS.length();
        }
        return new String(digits);
    }
}
