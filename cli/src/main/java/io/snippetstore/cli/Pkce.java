package io.snippetstore.cli;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** Proof Key for Code Exchange (RFC 7636), method S256: the verifier stays here, the challenge goes to the browser. */
record Pkce(String verifier, String challenge) {

    private static final SecureRandom RANDOM = new SecureRandom();

    static Pkce create() {
        return of(randomToken());
    }

    static Pkce of(String verifier) {
        return new Pkce(verifier, challengeOf(verifier));
    }

    /** BASE64URL(SHA-256(ASCII(verifier))), without padding. */
    static String challengeOf(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java", e);
        }
    }

    /** 256 random bits, base64url: 43 characters, fit for a PKCE verifier and for a state. */
    static String randomToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
