package io.snippetstore.auth.control;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Checks a username and password. Not an enterprise bean on purpose: a refused login is a normal
 * outcome, and an application exception thrown from a bean marks the server's (local) transaction
 * for rollback, which Open Liberty reports as an error with an incident file for every wrong password.
 */
@ApplicationScoped
public class Logins {

    @Inject
    Accounts accounts;

    @Inject
    Passwords passwords;

    @Inject
    LoginThrottle throttle;

    /**
     * The user with this username and password. Throttled per username: refused with 429 after
     * too many consecutive failures, before the password is even checked. The attempt is counted
     * before the (slow) check, so parallel guesses cannot slip past the count.
     */
    public UserData login(String username, String password) {
        User user = check(username, password).orElseThrow(ApiException::invalidCredentials);
        if (user.isDisabled()) {
            throw ApiException.forbidden("This account is disabled; an administrator can enable it again.");
        }
        return UserData.of(user);
    }

    /**
     * Changes the caller's own password, once the current one is checked as a login would be
     * (throttled alike): a wrong current password is a field error, not a failed authentication.
     */
    public void changePassword(Caller caller, String currentPassword, String newPassword) {
        if (check(caller.username(), currentPassword).isEmpty()) {
            throw ApiException.validationFailed(List.of(new FieldError("currentPassword", "is not the current password")));
        }
        accounts.setPassword(caller.userId(), newPassword);
    }

    /** The user, when the password is theirs; the attempt is counted before the check and forgotten when it succeeds. */
    private Optional<User> check(String username, String password) {
        Optional<Duration> wait = throttle.reserve(username);
        if (wait.isPresent()) {
            throw ApiException.rateLimited(wait.get());
        }
        Optional<User> user = accounts.findByUsername(username);
        boolean matches = user.map(found -> passwords.matches(password, found.passwordHash())).orElseGet(() -> {
            passwords.verifyDecoy(password);
            return false;
        });
        if (!matches) {
            return Optional.empty();
        }
        throttle.succeeded(username);
        return user;
    }
}
