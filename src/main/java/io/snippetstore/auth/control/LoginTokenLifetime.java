package io.snippetstore.auth.control;

import java.util.Optional;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How long a token made by a browser login or a device login lives ({@code SNIPPETS_LOGIN_TOKEN_DAYS}),
 * checked when the application starts: a value out of range stops the deployment, naming the setting.
 */
@Singleton
@Startup
@Lock(LockType.READ)
public class LoginTokenLifetime {

    @Inject
    @ConfigProperty(name = Settings.LOGIN_TOKEN_DAYS, defaultValue = Settings.LOGIN_TOKEN_DAYS_DEFAULT)
    int days;

    @PostConstruct
    void check() {
        if (days < 0 || days > ApiToken.EXPIRES_IN_DAYS_MAX) {
            throw new IllegalStateException(Settings.LOGIN_TOKEN_DAYS + " must be from 0 (no expiry) to "
                    + ApiToken.EXPIRES_IN_DAYS_MAX + " days, not " + days);
        }
    }

    /** The days such a token lives; none when they live until revoked. */
    public Optional<Integer> days() {
        return days == 0 ? Optional.empty() : Optional.of(days);
    }
}
