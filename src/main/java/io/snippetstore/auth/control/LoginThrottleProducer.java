package io.snippetstore.auth.control;

import java.time.Clock;
import java.time.Duration;

import io.snippetstore.platform.ConcurrencyLimit;
import io.snippetstore.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

@ApplicationScoped
public class LoginThrottleProducer {

    /** A username's failures from all addresses together that lock it everywhere, as a multiple of one address's. */
    static final int ACROSS_ADDRESSES = 10;

    /** How long a password check waits for a place among those running at once. */
    static final Duration PASSWORD_CHECK_WAIT = Duration.ofSeconds(2);

    /**
     * Failures count per username and client address (so whoever types wrong passwords for someone
     * else's name locks it only at their own address), and per username across all addresses at
     * {@link #ACROSS_ADDRESSES} times the limit (so many addresses together still cannot guess on).
     */
    @Produces
    @Singleton // no proxy: the throttles have no no-argument constructor
    LoginThrottles loginThrottles(
            @ConfigProperty(name = Settings.LOGIN_MAX_FAILURES, defaultValue = Settings.LOGIN_MAX_FAILURES_DEFAULT)
                    int maxFailures,
            @ConfigProperty(
                            name = Settings.LOGIN_BACKOFF_SECONDS,
                            defaultValue = Settings.LOGIN_BACKOFF_SECONDS_DEFAULT)
                    long backoffSeconds) {
        Duration backoff = Duration.ofSeconds(backoffSeconds);
        return new LoginThrottles(
                new LoginThrottle(maxFailures, backoff, Clock.systemUTC()),
                new LoginThrottle(ACROSS_ADDRESSES * maxFailures, backoff, Clock.systemUTC()));
    }

    @Produces
    @Singleton
    ConcurrencyLimit passwordCheckLimiter(
            @ConfigProperty(
                            name = Settings.LOGIN_CONCURRENT_CHECKS,
                            defaultValue = Settings.LOGIN_CONCURRENT_CHECKS_DEFAULT)
                    int total,
            @ConfigProperty(
                            name = Settings.LOGIN_CONCURRENT_CHECKS_PER_ADDRESS,
                            defaultValue = Settings.LOGIN_CONCURRENT_CHECKS_PER_ADDRESS_DEFAULT)
                    int perAddress) {
        // a check within its address's share waits briefly for a place, so two addresses' storms
        // delay a third address's sign-in by about one check rather than refuse it
        return new ConcurrencyLimit(Math.max(1, total), Math.max(1, perAddress), PASSWORD_CHECK_WAIT);
    }
}
