package io.snippetstore.auth.control;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

import io.snippetstore.platform.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Salted, slow password hashes: PBKDF2-HMAC-SHA512 from the Java runtime, stored as
 * {@code algorithm:iterations:base64(salt):base64(hash)}. That is the format of Jakarta
 * Security's {@code Pbkdf2PasswordHash}, which earlier builds used, so their hashes keep
 * verifying; the runtime's own PBKDF2 is used because not every server offers that bean to an
 * application that does not use Jakarta Security (WildFly does not).
 */
@ApplicationScoped
public class Passwords {

    static final String ALGORITHM = "PBKDF2WithHmacSHA512";
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    @ConfigProperty(name = Settings.PASSWORD_HASH_ITERATIONS, defaultValue = Settings.PASSWORD_HASH_ITERATIONS_DEFAULT)
    int iterations;

    /** Verified against when the username is unknown, so both failures take the same time. */
    private String decoy;

    /** Full verifications run (a decoy's included): what {@code snippets_password_checks_total} reports. */
    private final LongAdder checks = new LongAdder();

    @PostConstruct
    void createDecoy() {
        decoy = hash("decoy password");
    }

    public String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        Base64.Encoder base64 = Base64.getEncoder();
        return ALGORITHM + ":" + iterations + ":" + base64.encodeToString(salt) + ":"
                + base64.encodeToString(pbkdf2(password, salt, iterations, HASH_BYTES));
    }

    /** Whether the password matches the stored hash; a hash in an unknown format matches nothing. */
    public boolean matches(String password, String storedHash) {
        Optional<StoredHash> stored = StoredHash.parse(storedHash);
        if (stored.isEmpty()) {
            // an account with no password here (one that signs in through the provider) takes as long as any
            verifyDecoy(password);
            return false;
        }
        checks.increment();
        return MessageDigest.isEqual(
                stored.get().hash(),
                pbkdf2(
                        password,
                        stored.get().salt(),
                        stored.get().iterations(),
                        stored.get().hash().length));
    }

    /** How many full verifications have run since the start, a decoy's included. */
    public long checks() {
        return checks.sum();
    }

    /** Spends the time of one verification, for a username that does not exist. */
    public void verifyDecoy(String password) {
        matches(password, decoy);
    }

    private static byte[] pbkdf2(String password, byte[] salt, int iterations, int bytes) {
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, bytes * 8);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Every Java 17 runtime has " + ALGORITHM, e);
        } finally {
            spec.clearPassword();
        }
    }

    private record StoredHash(int iterations, byte[] salt, byte[] hash) {

        static Optional<StoredHash> parse(String stored) {
            String[] parts = stored.split(":");
            if (parts.length != 4 || !parts[0].equals(ALGORITHM)) {
                return Optional.empty();
            }
            try {
                Base64.Decoder base64 = Base64.getDecoder();
                StoredHash parsed =
                        new StoredHash(Integer.parseInt(parts[1]), base64.decode(parts[2]), base64.decode(parts[3]));
                return parsed.iterations() > 0 && parsed.hash().length > 0 ? Optional.of(parsed) : Optional.empty();
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
    }
}
