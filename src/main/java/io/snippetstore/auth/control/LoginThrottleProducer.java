package io.snippetstore.auth.control;

import java.time.Clock;
import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

@ApplicationScoped
public class LoginThrottleProducer {

    @Produces
    @Singleton // no proxy: the throttle has no no-argument constructor
    LoginThrottle loginThrottle(
            @ConfigProperty(name = "SNIPPETS_LOGIN_MAX_FAILURES") int maxFailures,
            @ConfigProperty(name = "SNIPPETS_LOGIN_BACKOFF_SECONDS") long backoffSeconds) {
        return new LoginThrottle(maxFailures, Duration.ofSeconds(backoffSeconds), Clock.systemUTC());
    }
}
