package io.snippetstore.auth.control;

import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

import io.snippetstore.platform.JsonProviders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;

/**
 * Sign-ins started with the identity provider and not finished yet, kept by the browser, not by
 * the server: sealed with AES-GCM (under a key made when the application starts) into one value
 * that the browser sends back, at most {@link #PENDING_MAX} sign-ins (tabs) of at most
 * {@link #PENDING_FOR} each. So starting a sign-in costs the server no memory however often it is
 * asked (a container session each cost 3 KB for 8 hours), and a value that was not sealed here,
 * was changed, or was sealed before a restart opens as no sign-in at all.
 */
@ApplicationScoped
public class PendingSignIns {

    public static final Duration PENDING_FOR = Duration.ofMinutes(10);
    public static final int PENDING_MAX = 5;

    private static final String CIPHER = "AES/GCM/NoPadding";
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final byte[] PURPOSE = "snippets oidc pending sign-ins".getBytes(StandardCharsets.UTF_8);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A started sign-in: the state it went out with, its nonce and PKCE verifier, where to go on, and when it started. */
    public record Pending(String state, String nonce, String verifier, String next, Instant startedAt) {}

    /** The sign-in a callback finishes (if its state was one of them), and the sealed value of the others (empty for none). */
    public record Taken(Optional<Pending> started, String sealedOthers) {}

    private final SecretKey key;
    private final Clock clock;

    public PendingSignIns() {
        this(Clock.systemUTC());
    }

    PendingSignIns(Clock clock) {
        this.clock = clock;
        try {
            KeyGenerator generator = KeyGenerator.getInstance("AES");
            generator.init(256, RANDOM);
            this.key = generator.generateKey();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES is not available", e);
        }
    }

    /** The sealed value with a sign-in started now added to the live ones of {@code sealed} (the newest {@link #PENDING_MAX} kept). */
    public String add(Optional<String> sealed, String state, String nonce, String verifier, String next) {
        List<Pending> kept = new ArrayList<>(open(sealed));
        kept.add(new Pending(state, nonce, verifier, next, clock.instant()));
        kept.sort(Comparator.comparing(Pending::startedAt).reversed());
        return seal(kept.subList(0, Math.min(PENDING_MAX, kept.size())));
    }

    /** Takes the sign-in started under {@code state}, once: the browser keeps only the others. */
    public Taken take(Optional<String> sealed, String state) {
        List<Pending> live = open(sealed);
        Optional<Pending> started =
                live.stream().filter(pending -> pending.state().equals(state)).findFirst();
        return new Taken(
                started,
                seal(live.stream()
                        .filter(pending -> !pending.state().equals(state))
                        .toList()));
    }

    /** The live sign-ins of a sealed value; none for a value that does not open. */
    List<Pending> open(Optional<String> sealed) {
        if (sealed.isEmpty() || sealed.get().isEmpty()) {
            return List.of();
        }
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(sealed.get());
            if (bytes.length <= IV_BYTES) {
                return List.of();
            }
            Cipher cipher = Cipher.getInstance(CIPHER);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, bytes, 0, IV_BYTES));
            cipher.updateAAD(PURPOSE);
            String json = new String(cipher.doFinal(bytes, IV_BYTES, bytes.length - IV_BYTES), StandardCharsets.UTF_8);
            Instant oldest = clock.instant().minus(PENDING_FOR);
            try (JsonReader reader = JsonProviders.SHARED.createReader(new StringReader(json))) {
                return reader.readArray().getValuesAs(JsonObject.class).stream()
                        .map(entry -> new Pending(
                                entry.getString("s"),
                                entry.getString("n"),
                                entry.getString("v"),
                                entry.getString("x"),
                                Instant.ofEpochMilli(entry.getJsonNumber("t").longValue())))
                        .filter(pending -> pending.startedAt().isAfter(oldest))
                        .toList();
            }
        } catch (IllegalArgumentException
                | GeneralSecurityException
                | JsonException
                | ClassCastException
                | NullPointerException e) {
            return List.of(); // not sealed here (or changed, or sealed before a restart): no sign-in of this browser's
        }
    }

    private String seal(List<Pending> pendings) {
        if (pendings.isEmpty()) {
            return "";
        }
        JsonArrayBuilder entries = JsonProviders.SHARED.createArrayBuilder();
        pendings.forEach(pending -> entries.add(JsonProviders.SHARED
                .createObjectBuilder()
                .add("s", pending.state())
                .add("n", pending.nonce())
                .add("v", pending.verifier())
                .add("x", pending.next())
                .add("t", pending.startedAt().toEpochMilli())));
        byte[] plain = entries.build().toString().getBytes(StandardCharsets.UTF_8);
        try {
            byte[] iv = new byte[IV_BYTES];
            RANDOM.nextBytes(iv);
            Cipher cipher = Cipher.getInstance(CIPHER);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            cipher.updateAAD(PURPOSE);
            byte[] sealed = cipher.doFinal(plain);
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(ByteBuffer.allocate(iv.length + sealed.length)
                            .put(iv)
                            .put(sealed)
                            .array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }
}
