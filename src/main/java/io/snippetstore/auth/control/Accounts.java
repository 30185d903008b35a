package io.snippetstore.auth.control;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.snippetstore.auth.entity.Role;
import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** User accounts: creating them, finding them, and checking their passwords. */
@Stateless
public class Accounts {

    @PersistenceContext
    EntityManager em;

    @Inject
    Passwords passwords;

    @Inject
    LoginThrottle throttle;

    @WriteTransaction
    public User create(String username, String password, Role role) {
        if (findByUsername(username).isPresent()) {
            throw ApiException.conflict("The username '" + username + "' is taken.");
        }
        User user = new User(Ids.next(), username, passwords.hash(password), role, Timestamps.now());
        em.persist(user);
        return user;
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<User> find(String id) {
        return Optional.ofNullable(em.find(User.class, id));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public User get(String id) {
        return find(id).orElseThrow(ApiException::notFound);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<User> findByUsername(String username) {
        return em.createNamedQuery(User.BY_USERNAME, User.class)
                .setParameter("username", username)
                .getResultStream().findFirst();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<User> list() {
        return em.createNamedQuery(User.ALL, User.class).getResultList();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long count() {
        return em.createNamedQuery(User.COUNT, Long.class).getSingleResult();
    }

    /**
     * The user with this username and password. Throttled per username: refused with 429 after
     * too many consecutive failures, before the password is even checked.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public User login(String username, String password) {
        Optional<Duration> wait = throttle.retryAfter(username);
        if (wait.isPresent()) {
            long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
            throw new ApiException(429, "rate_limited", "Too many failed logins for this username; try again later.",
                    List.of(), Map.of("Retry-After", String.valueOf(seconds)));
        }
        Optional<User> user = findByUsername(username);
        boolean matches = user.map(found -> passwords.matches(password, found.passwordHash())).orElseGet(() -> {
            passwords.verifyDecoy(password);
            return false;
        });
        if (!matches) {
            throttle.failed(username);
            throw new ApiException(401, "invalid_credentials", "Wrong username or password.");
        }
        throttle.succeeded(username);
        return user.get();
    }
}
