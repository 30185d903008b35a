package io.snippetstore.auth.control;

import java.util.List;
import java.util.Optional;

import io.snippetstore.auth.entity.User;
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

    @PersistenceContext
    EntityManager em;

    @Inject
    Passwords passwords;

    @Inject
    TokenCache tokens;

    @Inject
    Event<AuditEvent> audit;

    /** An administrator creates a user. */
    @WriteTransaction
    public UserData create(Caller by, String username, String password, Role role) {
        User user = insert(username, password, role);
        audit.fire(AuditEvent.success(by, AuditEvent.USER_CREATED, user.id(), username + " (" + role.apiName() + ")"));
        return UserData.of(user);
    }

    /** The first administrator, from the settings, when the store has no user. */
    @WriteTransaction
    public UserData createFirstAdministrator(String username, String password) {
        User user = insert(username, password, Role.ADMIN);
        audit.fire(AuditEvent.success(user.id(), username, AuditEvent.USER_CREATED, user.id(), "first administrator, from the settings"));
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
            throw ApiException.conflict("This is the last enabled administrator: make another user an administrator first.");
        }
        audit.fire(AuditEvent.success(by, AuditEvent.USER_CHANGED, user.id(),
                user.username() + ": " + user.role().apiName() + (user.isDisabled() ? ", disabled" : ", enabled")));
        return UserData.of(user);
    }

    /** Sets a new password: the administrator's reset, or the user's own change once the old one is checked. */
    @WriteTransaction
    public void setPassword(Caller by, String id, String password) {
        User user = Optional.ofNullable(em.find(User.class, id)).orElseThrow(ApiException::notFound);
        user.passwordHash(passwords.hash(password));
        audit.fire(AuditEvent.success(by, by.userId().equals(id) ? AuditEvent.PASSWORD_CHANGED : AuditEvent.USER_CHANGED, id,
                by.userId().equals(id) ? null : user.username() + ": password reset"));
    }

    /** The account with its password hash, for checking a login. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<User> findByUsername(String username) {
        return em.createNamedQuery(User.BY_USERNAME, User.class)
                .setParameter("username", username)
                .getResultStream().findFirst();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<UserData> list() {
        return em.createNamedQuery(User.ALL, User.class).getResultStream().map(UserData::of).toList();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long count() {
        return em.createNamedQuery(User.COUNT, Long.class).getSingleResult();
    }

    private long enabledAdmins() {
        return em.createNamedQuery(User.COUNT_ENABLED_ADMINS, Long.class).setParameter("admin", Role.ADMIN).getSingleResult();
    }

    /** Both credentials resolve to the same shape: the user's identity and how they proved it. */
    static Caller callerOf(User user, Caller.AuthMethod method) {
        return new Caller(user.id(), user.username(), user.role(), method);
    }
}
