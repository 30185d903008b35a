package io.snippetstore.auth.control;

import java.util.List;
import java.util.Optional;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How long new tokens live: those a browser or device login makes ({@code SNIPPETS_LOGIN_TOKEN_DAYS}),
 * and at most ({@code SNIPPETS_TOKEN_MAX_DAYS}, an operator's ceiling on every new token), both
 * checked when the application starts: a value out of range stops the deployment, naming the setting.
 */
@Singleton
@Startup
@Lock(LockType.READ)
public class TokenLifetimes {

    @Inject
    @ConfigProperty(name = Settings.LOGIN_TOKEN_DAYS, defaultValue = Settings.LOGIN_TOKEN_DAYS_DEFAULT)
    int loginDays;

    @Inject
    @ConfigProperty(name = Settings.TOKEN_MAX_DAYS, defaultValue = Settings.TOKEN_MAX_DAYS_DEFAULT)
    int maxDays;

    @PostConstruct
    void check() {
        requireDays(Settings.LOGIN_TOKEN_DAYS, loginDays);
        requireDays(Settings.TOKEN_MAX_DAYS, maxDays);
    }

    private static void requireDays(String setting, int days) {
        if (days < 0 || days > ApiToken.EXPIRES_IN_DAYS_MAX) {
            throw new IllegalStateException(
                    setting + " must be from 0 (none) to " + ApiToken.EXPIRES_IN_DAYS_MAX + " days, not " + days);
        }
    }

    /** The days a login's token lives: the login setting, within the ceiling; none when it lives until revoked. */
    public Optional<Integer> forLogin() {
        return within(loginDays == 0 ? Optional.empty() : Optional.of(loginDays));
    }

    /**
     * The days of a token asked for by hand: as asked, or the ceiling when none was asked; more
     * than the ceiling is 400 {@code validation_failed} on {@code expiresInDays}.
     */
    public Optional<Integer> forRequested(Optional<Integer> requested) {
        if (maxDays > 0 && requested.filter(days -> days > maxDays).isPresent()) {
            throw ApiException.validationFailed(List.of(new FieldError(
                    "expiresInDays",
                    "tokens here live at most " + maxDays + " days (" + Settings.TOKEN_MAX_DAYS + ")")));
        }
        return within(requested);
    }

    private Optional<Integer> within(Optional<Integer> days) {
        if (maxDays == 0) {
            return days;
        }
        return Optional.of(days.map(asked -> Math.min(asked, maxDays)).orElse(maxDays));
    }
}
