package io.snippetstore.attachments.control;

import java.util.Map;

import io.snippetstore.attachments.entity.Attachment;
import io.snippetstore.storage.control.Inventory;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** The attachments and their bytes, counted for the storage settings. */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class AttachmentInventory implements Inventory {

    @PersistenceContext
    EntityManager em;

    @Override
    public Map<String, Long> counts() {
        Object[] totals = em.createNamedQuery(Attachment.TOTALS, Object[].class).getSingleResult();
        return Map.of(
                "attachments", ((Number) totals[0]).longValue(), "attachmentBytes", ((Number) totals[1]).longValue());
    }
}
