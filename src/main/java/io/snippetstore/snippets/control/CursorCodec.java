package io.snippetstore.snippets.control;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.JsonProviders;
import io.snippetstore.storage.control.Database;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonString;

/**
 * Opaque list cursors: the position after the last item of a page (its sort key and id; for a
 * relevance search also the statistics its scores were computed with), bound to the list's search,
 * filters and order, and sealed with AES-GCM under a key derived from the database's own cursor
 * key (created by migration V3): a cursor the service did not issue, or issued for another list,
 * is a 400, and its content cannot be read. Encrypted, not only signed, because a search's
 * statistics count words across every user's snippets, private ones included.
 */
@ApplicationScoped
public class CursorCodec {

    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final byte[] ENCRYPTION_KEY_LABEL = "snippet list cursors, AES-GCM".getBytes(StandardCharsets.UTF_8);
    private static final SecureRandom NONCES = new SecureRandom();

    @Inject
    Database database;

    private volatile SecretKeySpec key;

    public String encode(String fingerprint, List<String> position) {
        JsonArrayBuilder payload = JsonProviders.SHARED.createArrayBuilder().add(fingerprint);
        position.forEach(payload::add);
        byte[] plain = payload.build().toString().getBytes(StandardCharsets.UTF_8);
        byte[] nonce = new byte[NONCE_BYTES];
        NONCES.nextBytes(nonce);
        try {
            byte[] sealed = cipher(Cipher.ENCRYPT_MODE, nonce).doFinal(plain);
            byte[] cursor = Arrays.copyOf(nonce, NONCE_BYTES + sealed.length);
            System.arraycopy(sealed, 0, cursor, NONCE_BYTES, sealed.length);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(cursor);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every Java runtime", e);
        }
    }

    /** The position a cursor holds; a 400 unless this service issued it for the same list. */
    public List<String> decode(String cursor, String fingerprint, int positionSize) {
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(cursor);
            if (bytes.length <= NONCE_BYTES) {
                throw invalid();
            }
            byte[] plain = cipher(Cipher.DECRYPT_MODE, Arrays.copyOf(bytes, NONCE_BYTES))
                    .doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES);
            JsonArray payload = JsonProviders.SHARED
                    .createReader(new StringReader(new String(plain, StandardCharsets.UTF_8)))
                    .readArray();
            if (payload.size() != positionSize + 1 || !fingerprint.equals(payload.getString(0))) {
                throw invalid();
            }
            return payload.subList(1, payload.size()).stream()
                    .map(value -> ((JsonString) value).getString())
                    .toList();
        } catch (AEADBadTagException e) {
            throw invalid();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every Java runtime", e);
        } catch (IllegalArgumentException | JsonException | ClassCastException e) {
            throw invalid();
        }
    }

    private Cipher cipher(int mode, byte[] nonce) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key(), new GCMParameterSpec(TAG_BITS, nonce));
        return cipher;
    }

    private SecretKeySpec key() {
        SecretKeySpec known = key;
        if (known == null) {
            known = new SecretKeySpec(encryptionKey(HexFormat.of().parseHex(readKey())), "AES");
            key = known;
        }
        return known;
    }

    /** A key of its own for encryption, derived from the stored cursor key (HMAC-SHA256 as the derivation function, as in HKDF's expand step). */
    static byte[] encryptionKey(byte[] cursorKey) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(cursorKey, "HmacSHA256"));
            return mac.doFinal(ENCRYPTION_KEY_LABEL);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    private String readKey() {
        return database.first(
                        "SELECT value FROM service_keys WHERE name = 'cursor'", List.of(), row -> row.getString(1))
                .orElseThrow(() -> new IllegalStateException("The cursor key is missing: migration V3 creates it"));
    }

    private static ApiException invalid() {
        return ApiException.badRequest("The cursor is not one this service issued for this list.");
    }
}
