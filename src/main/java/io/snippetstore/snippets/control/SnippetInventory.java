package io.snippetstore.snippets.control;

import java.util.Map;

import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.storage.control.Inventory;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** The snippets, counted for the storage settings. */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class SnippetInventory implements Inventory {

    @PersistenceContext
    EntityManager em;

    @Override
    public Map<String, Long> counts() {
        return Map.of("snippets", em.createNamedQuery(Snippet.COUNT, Long.class).getSingleResult());
    }
}
