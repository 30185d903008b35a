package io.snippetstore.auth.control;

import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.auth.entity.User;
import io.snippetstore.auth.entity.UserSession;
import io.snippetstore.groups.control.Groups;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Role;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * User accounts: creating, changing and finding them, and the caller a signed-in user stands for.
 * A disabled user stands for no caller (see the queries of tokens and sessions), so their sessions
 * and tokens stop working at once.
 */
@Stateless
public class Accounts {

    private static final Logger LOG = Logger.getLogger(Accounts.class.getName());

    /** No session id is this (they are random base64url): every session ends. */
    private static final String NO_SESSION_KEPT = "";

    @PersistenceContext
    EntityManager em;

    @Inject
    Passwords passwords;

    @Inject
    TokenCache tokens;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    Groups groups;

    /** An administrator creates a user. */
    @WriteTransaction
    public UserData create(Caller by, String username, String password, Role role, boolean temporary) {
        if (role == Role.ADMIN) {
            requireSession(by);
        }
        User user = insert(username, password, role);
        user.password(user.passwordHash(), temporary);
        audit.fire(AuditEvent.success(
                by,
                AuditEvent.USER_CREATED,
                user.id(),
                username + " (" + role.apiName() + (temporary ? ", temporary password" : "") + ")"));
        return UserData.of(user);
    }

    /** The first administrator, from the settings, when the store has no user. */
    @WriteTransaction
    public UserData createFirstAdministrator(String username, String password) {
        User user = insert(username, password, Role.ADMIN);
        audit.fire(AuditEvent.success(
                user.id(), username, AuditEvent.USER_CREATED, user.id(), "first administrator, from the settings"));
        return UserData.of(user);
    }

    private User insert(String username, String password, Role role) {
        if (findByUsername(username).isPresent()) {
            throw ApiException.conflict("The username '" + username + "' is taken.");
        }
        User user = new User(Ids.next(), username, passwords.hash(password), role, Timestamps.now());
        em.persist(user);
        return user;
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public UserData get(String id) {
        return Optional.ofNullable(em.find(User.class, id)).map(UserData::of).orElseThrow(ApiException::notFound);
    }

    /**
     * Changes the role, or disables or enables the user again (a {@code null} leaves that as it is).
     * Refused (409) when no enabled administrator would be left.
     */
    @WriteTransaction
    public UserData update(Caller by, String id, Role role, Boolean disabled) {
        if (role != null) {
            requireSession(by);
        }
        User user = Optional.ofNullable(em.find(User.class, id)).orElseThrow(ApiException::notFound);
        tokens.credentialsChanging();
        boolean wasEnabledAdmin = user.role() == Role.ADMIN && !user.isDisabled();
        long enabledAdminsBefore = enabledAdmins(); // before the change: a query would flush it first
        if (role != null) {
            user.role(role);
        }
        if (disabled != null) {
            user.disabled(disabled, Timestamps.now());
        }
        boolean isEnabledAdmin = user.role() == Role.ADMIN && !user.isDisabled();
        if (wasEnabledAdmin && !isEnabledAdmin && enabledAdminsBefore <= 1) {
            throw ApiException.conflict(
                    "This is the last enabled administrator: make another user an administrator first.");
        }
        audit.fire(AuditEvent.success(
                by,
                AuditEvent.USER_CHANGED,
                user.id(),
                user.username() + ": " + user.role().apiName() + (user.isDisabled() ? ", disabled" : ", enabled")));
        return UserData.of(user);
    }

    /**
     * An administrator's reset of another user's password: every session of that user ends, and
     * with {@code revokeTokens} every token. An administrator's own password is changed with the
     * current one ({@link Logins#changePassword}), so a leaked administrator's token cannot be
     * turned into a session.
     */
    @WriteTransaction
    public CredentialsEnded resetPassword(
            Caller by, String id, String password, boolean temporary, boolean revokeTokens) {
        requireSession(by);
        if (by.userId().equals(id)) {
            throw ApiException.forbidden(
                    "Change your own password on your account page (POST /api/v1/auth/password), which asks for the current one.");
        }
        User user = Optional.ofNullable(em.find(User.class, id)).orElseThrow(ApiException::notFound);
        if (user.isFromProvider()) {
            throw ApiException.conflict(
                    user.username() + " signs in through the identity provider, which keeps their password.");
        }
        user.password(passwords.hash(password), temporary);
        CredentialsEnded ended = endCredentials(id, NO_SESSION_KEPT, revokeTokens);
        audit.fire(AuditEvent.success(
                by,
                AuditEvent.USER_CHANGED,
                id,
                user.username() + ": password reset" + (temporary ? " (temporary)" : "") + ", " + ended.describe()));
        return ended;
    }

    /** The user's own change, once the current password is checked: their other sessions end, and with {@code revokeTokens} their tokens. */
    @WriteTransaction
    public CredentialsEnded changeOwnPassword(
            Caller caller, String keptSessionId, String password, boolean revokeTokens) {
        User user = Optional.ofNullable(em.find(User.class, caller.userId())).orElseThrow(ApiException::notFound);
        user.password(passwords.hash(password), false);
        CredentialsEnded ended =
                endCredentials(user.id(), keptSessionId == null ? NO_SESSION_KEPT : keptSessionId, revokeTokens);
        audit.fire(AuditEvent.success(caller, AuditEvent.PASSWORD_CHANGED, user.id(), ended.describe()));
        return ended;
    }

    private CredentialsEnded endCredentials(String userId, String keptSessionId, boolean revokeTokens) {
        tokens.credentialsChanging();
        int sessions = em.createNamedQuery(UserSession.END_OTHERS_OF_USER)
                .setParameter("userId", userId)
                .setParameter("keep", keptSessionId)
                .executeUpdate();
        int revoked = revokeTokens
                ? em.createNamedQuery(ApiToken.REVOKE_ALL_OF_USER)
                        .setParameter("userId", userId)
                        .executeUpdate()
                : 0;
        return new CredentialsEnded(sessions, revoked);
    }

    /** The account an identity provider's subject signed in to before, if any. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<UserData> findByProviderSubject(String issuer, String subject) {
        return em.createNamedQuery(User.BY_PROVIDER_SUBJECT, User.class)
                .setParameter("issuer", issuer)
                .setParameter("subject", subject)
                .getResultStream()
                .findFirst()
                .map(UserData::of);
    }

    /**
     * The account of an identity the provider vouched for ({@link ProviderLogins} checked it may
     * sign in): made at the first sign-in, and at every one brought up to date with the provider's
     * display name, e-mail, groups and, when the provider decides roles, role. The last enabled
     * administrator stays one (logged), as an administrator's own change would keep them.
     */
    @WriteTransaction(freesSpace = true)
    public UserData signInFromProvider(ProviderIdentity identity) {
        User user = em.createNamedQuery(User.BY_PROVIDER_SUBJECT, User.class)
                .setParameter("issuer", identity.issuer())
                .setParameter("subject", identity.subject())
                .getResultStream()
                .findFirst()
                .orElseGet(() -> {
                    User made = User.ofProvider(
                            Ids.next(), identity.username(), identity.issuer(), identity.subject(), Timestamps.now());
                    em.persist(made);
                    audit.fire(AuditEvent.success(
                            made.id(),
                            made.username(),
                            AuditEvent.USER_CREATED,
                            made.id(),
                            made.username() + " (from the identity provider)"));
                    return made;
                });
        user.profile(identity.displayName(), identity.email());
        if (identity.administrator() != null) {
            Role role = identity.administrator() ? Role.ADMIN : Role.USER;
            if (role != user.role()) {
                if (role == Role.USER && !user.isDisabled() && enabledAdmins() <= 1) {
                    LOG.warning(() -> user.username()
                            + " left the identity provider's administrators' group but stays an administrator:"
                            + " the last enabled one");
                } else {
                    tokens.credentialsChanging();
                    user.role(role);
                    audit.fire(AuditEvent.success(
                            user.id(),
                            user.username(),
                            AuditEvent.USER_CHANGED,
                            user.id(),
                            user.username() + ": " + role.apiName() + ", from the identity provider"));
                }
            }
        }
        em.flush(); // the memberships refer to the user's row
        groups.keepProviderMemberships(user.id(), identity.groups());
        return UserData.of(user);
    }

    /** The account with its password hash, for checking a login. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<User> findByUsername(String username) {
        return em.createNamedQuery(User.BY_USERNAME, User.class)
                .setParameter("username", username)
                .getResultStream()
                .findFirst();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<UserData> list() {
        return em.createNamedQuery(User.ALL, User.class)
                .getResultStream()
                .map(UserData::of)
                .toList();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long count() {
        return em.createNamedQuery(User.COUNT, Long.class).getSingleResult();
    }

    private long enabledAdmins() {
        return em.createNamedQuery(User.COUNT_ENABLED_ADMINS, Long.class)
                .setParameter("admin", Role.ADMIN)
                .getSingleResult();
    }

    /** Both credentials resolve to the same shape: the user's identity and how they proved it. */
    static Caller callerOf(User user, Caller.AuthMethod method) {
        return new Caller(user.id(), user.username(), user.role(), method, user.isPasswordTemporary());
    }

    /**
     * 403 {@code session_required} unless the caller signed in with a browser session: for what no
     * API token may do, so that a leaked administrator's token cannot make administrators or set
     * passwords.
     */
    private static void requireSession(Caller by) {
        if (by.authMethod() != Caller.AuthMethod.SESSION) {
            throw ApiException.sessionRequired();
        }
    }
}
