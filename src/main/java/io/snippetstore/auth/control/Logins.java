package io.snippetstore.auth.control;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Logger;

import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.AuditEvent.Outcome;
import io.snippetstore.platform.ClientAddress;
import io.snippetstore.platform.ConcurrencyLimit;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.Settings;
import io.snippetstore.platform.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Checks a username and password. With {@code SNIPPETS_LOCAL_LOGIN=false} only the break-glass
 * administrator ({@code SNIPPETS_ADMIN_USER}) may, each time logged and audited as such. Not an enterprise bean on purpose: a refused login is a normal
 * outcome, and an application exception thrown from a bean marks the server's (local) transaction
 * for rollback, which Open Liberty reports as an error with an incident file for every wrong password.
 */
@ApplicationScoped
public class Logins {

    private static final Logger LOG = Logger.getLogger(Logins.class.getName());

    static final String UNKNOWN_PREFIX = "unknown#";

    @Inject
    Accounts accounts;

    @Inject
    Passwords passwords;

    @Inject
    LoginThrottles throttles;

    @Inject
    ConcurrencyLimit checks;

    @Inject
    ClientAddress clientAddress;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    @ConfigProperty(name = Settings.LOCAL_LOGIN, defaultValue = Settings.LOCAL_LOGIN_DEFAULT)
    boolean localLogin;

    /** With password sign-in off, the one account that still signs in with a password: the first administrator's. */
    @Inject
    @ConfigProperty(name = Settings.ADMIN_USER, defaultValue = Settings.ADMIN_USER_DEFAULT)
    String breakGlassUsername;

    /**
     * The user with this username and password. Throttled per username: refused with 429 after
     * too many consecutive failures, before the password is even checked. The attempt is counted
     * before the (slow) check, so parallel guesses cannot slip past the count.
     */
    public UserData login(String username, String password) {
        boolean breakGlass = !localLogin && username.equalsIgnoreCase(breakGlassUsername);
        if (!localLogin && !breakGlass) {
            audit.fire(AuditEvent.refused(
                    AuditEvent.LOGIN,
                    Outcome.FAILURE,
                    null,
                    recordedName(username, accounts.findByUsername(username)),
                    "password sign-in is turned off"));
            throw ApiException.forbidden("Password sign-in is turned off here: sign in through the identity provider.");
        }
        User user = check(AuditEvent.LOGIN, username, password).orElseThrow(ApiException::invalidCredentials);
        if (user.isDisabled()) {
            audit.fire(AuditEvent.refused(
                    AuditEvent.LOGIN, Outcome.FAILURE, user.id(), user.username(), "account disabled"));
            throw ApiException.forbidden("This account is disabled; an administrator can enable it again.");
        }
        if (breakGlass) {
            LOG.warning(() -> "The break-glass administrator " + user.username()
                    + " signed in with a password (password sign-in is off)");
        }
        audit.fire(AuditEvent.success(
                user.id(),
                user.username(),
                AuditEvent.LOGIN,
                null,
                breakGlass ? "browser session, break-glass administrator" : "browser session"));
        return UserData.of(user);
    }

    /** Whether everyone signs in with a password, or (off) only the break-glass administrator. */
    public boolean localLoginEnabled() {
        return localLogin;
    }

    /**
     * Changes the caller's own password, once the current one is checked as a login would be
     * (throttled alike): a wrong current password is a field error, not a failed authentication.
     * Every other session of the caller ends (the one kept goes on), and their tokens with {@code revokeTokens}.
     */
    public CredentialsEnded changePassword(
            Caller caller, String keptSessionId, String currentPassword, String newPassword, boolean revokeTokens) {
        if (accounts.get(caller.userId()).fromProvider()) {
            throw ApiException.conflict("You sign in through the identity provider: change your password there.");
        }
        if (check(AuditEvent.PASSWORD_CHANGED, caller.username(), currentPassword)
                .isEmpty()) {
            throw ApiException.validationFailed(
                    List.of(new FieldError("currentPassword", "is not the current password")));
        }
        return accounts.changeOwnPassword(caller, keptSessionId, newPassword, revokeTokens);
    }

    /**
     * The user, when the password is theirs; the attempt is counted before the check and forgotten
     * when it succeeds. A refusal is audited under {@code action}. Only so many checks run at once,
     * in all and per client address ({@link ConcurrencyLimit}); one that finds no room is a 429
     * that counts against no username.
     */
    private Optional<User> check(String action, String username, String password) {
        try (ConcurrencyLimit.Permit permit = checks.tryEnter(
                        clientAddress.current().orElse(ClientAddress.UNKNOWN))
                .orElseThrow(ApiException::passwordChecksBusy)) {
            return checkWithinLimits(action, username, password);
        }
    }

    private Optional<User> checkWithinLimits(String action, String username, String password) {
        // ten wrong passwords from one address lock the name there, not for its owner signing in from elsewhere
        String address = clientAddress.current().orElse(ClientAddress.UNKNOWN);
        Optional<Duration> wait = throttles.reserve(username, address);
        if (wait.isPresent()) {
            Optional<User> claimed = accounts.findByUsername(username);
            audit.fire(AuditEvent.refused(
                    action,
                    Outcome.THROTTLED,
                    claimed.map(User::id).orElse(null),
                    recordedName(username, claimed),
                    "too many failed attempts"));
            throw ApiException.rateLimited(wait.get());
        }
        Optional<User> user = accounts.findByUsername(username);
        boolean matches = user.map(found -> passwords.matches(password, found.passwordHash()))
                .orElseGet(() -> {
                    passwords.verifyDecoy(password);
                    return false;
                });
        if (!matches) {
            audit.fire(AuditEvent.refused(
                    action,
                    Outcome.FAILURE,
                    user.map(User::id).orElse(null),
                    recordedName(username, user),
                    user.isPresent() ? "wrong password" : "unknown username"));
            return Optional.empty();
        }
        throttles.succeeded(username, address);
        return user;
    }

    /**
     * The name a refusal is recorded under: the account's, or for a username no account has,
     * {@code unknown#} and the first 12 hex digits of the SHA-256 of its lower case. What was typed
     * into the username field is often a password (typed a field too early); the hash still shows
     * repeated attempts at one name without keeping it.
     */
    static String recordedName(String typed, Optional<User> account) {
        return account.map(User::username)
                .orElseGet(() -> UNKNOWN_PREFIX
                        + Secrets.sha256Hex(typed.toLowerCase(Locale.ROOT)).substring(0, 12));
    }
}
