package io.snippetstore.snippets.control;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.JsonProviders;
import io.snippetstore.storage.control.Database;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonString;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque list cursors: the position after the last item of a page (its sort key and id), bound to
 * the list's search, filters and order, and signed with the database's own key (created by
 * migration V3), so that a cursor the service did not issue, or issued for another list, is a 400.
 */
@ApplicationScoped
public class CursorCodec {

    private static final int MAC_BYTES = 16;

    @Inject
    Database database;

    private volatile SecretKeySpec key;

    public String encode(String fingerprint, List<String> position) {
        JsonArrayBuilder payload = JsonProviders.SHARED.createArrayBuilder().add(fingerprint);
        position.forEach(payload::add);
        byte[] bytes = payload.build().toString().getBytes(StandardCharsets.UTF_8);
        Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
        return base64.encodeToString(bytes) + "." + base64.encodeToString(mac(bytes));
    }

    /** The position a cursor holds; a 400 unless this service issued it for the same list. */
    public List<String> decode(String cursor, String fingerprint, int positionSize) {
        int dot = cursor.indexOf('.');
        try {
            if (dot < 0) {
                throw invalid();
            }
            Base64.Decoder base64 = Base64.getUrlDecoder();
            byte[] bytes = base64.decode(cursor.substring(0, dot));
            if (!MessageDigest.isEqual(mac(bytes), base64.decode(cursor.substring(dot + 1)))) {
                throw invalid();
            }
            JsonArray payload = JsonProviders.SHARED.createReader(new StringReader(new String(bytes, StandardCharsets.UTF_8))).readArray();
            if (payload.size() != positionSize + 1 || !fingerprint.equals(payload.getString(0))) {
                throw invalid();
            }
            return payload.subList(1, payload.size()).stream().map(value -> ((JsonString) value).getString()).toList();
        } catch (IllegalArgumentException | JsonException | ClassCastException e) {
            throw invalid();
        }
    }

    private byte[] mac(byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key());
            return Arrays.copyOf(mac.doFinal(payload), MAC_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    private SecretKeySpec key() {
        SecretKeySpec known = key;
        if (known == null) {
            known = new SecretKeySpec(HexFormat.of().parseHex(readKey()), "HmacSHA256");
            key = known;
        }
        return known;
    }

    private String readKey() {
        return database.first("SELECT value FROM service_keys WHERE name = 'cursor'", List.of(), row -> row.getString(1))
                .orElseThrow(() -> new IllegalStateException("The cursor key is missing: migration V3 creates it"));
    }

    private static ApiException invalid() {
        return ApiException.badRequest("The cursor is not one this service issued for this list.");
    }
}
