package io.snippetstore.auth.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.regex.Pattern;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Secrets;

/** Proof Key for Code Exchange (RFC 7636), method {@code S256} only. */
public final class Pkce {

    private static final Pattern CHALLENGE = Pattern.compile("[A-Za-z0-9_-]{43,128}");

    private Pkce() {}

    /** The challenge to store, or {@code null} when the client sent none; a bad one is a 400. */
    public static String acceptChallenge(String challenge, String method) {
        if (challenge == null) {
            if (method != null) {
                throw ApiException.badRequest("code_challenge_method needs a code_challenge.");
            }
            return null;
        }
        if (!"S256".equals(method)) {
            throw ApiException.badRequest("code_challenge_method must be S256.");
        }
        if (!CHALLENGE.matcher(challenge).matches()) {
            throw ApiException.badRequest("code_challenge must be 43 to 128 base64url characters.");
        }
        return challenge;
    }

    public static boolean verifies(String challenge, String verifier) {
        if (verifier == null) {
            return false;
        }
        String computed = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(Secrets.sha256(verifier.getBytes(StandardCharsets.US_ASCII)));
        return MessageDigest.isEqual(
                computed.getBytes(StandardCharsets.US_ASCII), challenge.getBytes(StandardCharsets.US_ASCII));
    }
}
