package io.snippetstore.auth.control;

import java.util.List;
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

/** User accounts: creating and finding them. */
@Stateless
public class Accounts {

    @PersistenceContext
    EntityManager em;

    @Inject
    Passwords passwords;

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
}
