package io.snippetstore.auth.control;

import java.util.Map;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Salted, slow password hashes from the platform's {@link Pbkdf2PasswordHash}. */
@ApplicationScoped
public class Passwords {

    @Inject
    Pbkdf2PasswordHash pbkdf2;

    @Inject
    @ConfigProperty(name = "SNIPPETS_PASSWORD_HASH_ITERATIONS", defaultValue = "210000")
    int iterations;

    /** Verified against when the username is unknown, so both failures take the same time. */
    private String decoy;

    @PostConstruct
    void configure() {
        pbkdf2.initialize(Map.of(
                "Pbkdf2PasswordHash.Algorithm", "PBKDF2WithHmacSHA512",
                "Pbkdf2PasswordHash.Iterations", String.valueOf(iterations),
                "Pbkdf2PasswordHash.SaltSizeBytes", "16",
                "Pbkdf2PasswordHash.KeySizeBytes", "32"));
        decoy = pbkdf2.generate("decoy password".toCharArray());
    }

    public String hash(String password) {
        return pbkdf2.generate(password.toCharArray());
    }

    public boolean matches(String password, String hash) {
        return pbkdf2.verify(password.toCharArray(), hash);
    }

    /** Spends the time of one verification, for a username that does not exist. */
    public void verifyDecoy(String password) {
        pbkdf2.verify(password.toCharArray(), decoy);
    }
}
