package io.snippetstore.auth.control;

import java.util.Map;

import io.snippetstore.auth.entity.User;
import io.snippetstore.storage.control.Inventory;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** The users, counted for the storage settings. */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class UserInventory implements Inventory {

    @PersistenceContext
    EntityManager em;

    @Override
    public Map<String, Long> counts() {
        return Map.of("users", em.createNamedQuery(User.COUNT, Long.class).getSingleResult());
    }
}
