package io.snippetstore.auth.control;

import java.time.Clock;
import java.time.Duration;

import io.snippetstore.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

@ApplicationScoped
public class LoginThrottleProducer {

    @Produces
    @Singleton // no proxy: the throttle has no no-argument constructor
    LoginThrottle loginThrottle(
            @ConfigProperty(name = Settings.LOGIN_MAX_FAILURES, defaultValue = Settings.LOGIN_MAX_FAILURES_DEFAULT) int maxFailures,
            @ConfigProperty(name = Settings.LOGIN_BACKOFF_SECONDS, defaultValue = Settings.LOGIN_BACKOFF_SECONDS_DEFAULT) long backoffSeconds) {
        return new LoginThrottle(maxFailures, Duration.ofSeconds(backoffSeconds), Clock.systemUTC());
    }

    @Produces
    @Singleton
    PasswordCheckLimiter passwordCheckLimiter(
            @ConfigProperty(name = Settings.LOGIN_CONCURRENT_CHECKS, defaultValue = Settings.LOGIN_CONCURRENT_CHECKS_DEFAULT) int total,
            @ConfigProperty(name = Settings.LOGIN_CONCURRENT_CHECKS_PER_ADDRESS,
                    defaultValue = Settings.LOGIN_CONCURRENT_CHECKS_PER_ADDRESS_DEFAULT) int perAddress) {
        return new PasswordCheckLimiter(Math.max(1, total), Math.max(1, perAddress));
    }
}
