package io.snippetstore.auth.control;

import io.micrometer.core.instrument.FunctionCounter;
import io.snippetstore.platform.Metrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * {@code snippets_password_checks_total}: the full password verifications run. An operator sees
 * what sign-ins cost the processor; a sign-in for an unknown username counts one too (the decoy
 * that makes it take as long as a wrong password), which is how a test tells it ran.
 */
@ApplicationScoped
public class PasswordCheckMetrics {

    /** Held here for as long as the application runs: the meter keeps only a weak reference to it. */
    @Inject
    Passwords passwords;

    @Inject
    Metrics metrics;

    void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
        FunctionCounter.builder("snippets.password.checks", passwords, Passwords::checks)
                .description("Full password verifications run, decoys for unknown usernames included")
                .register(metrics.registry());
    }
}
