package io.snippetstore.audit.control;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.snippetstore.audit.entity.AuditRecord;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** The audit trail in the database. */
@Stateless
public class AuditRecords {

    @PersistenceContext
    EntityManager em;

    /** Writes a batch of records in one transaction, and removes those older than the retention period. */
    @WriteTransaction(freesSpace = true)
    public void append(List<PendingRecord> records, Instant keepSince) {
        records.forEach(record -> em.persist(record.toEntity()));
        em.createNamedQuery(AuditRecord.PURGE).setParameter("before", keepSince).executeUpdate();
    }

    /** As {@link #append}, but only while the disk has room above the free-space floor (a 503 otherwise, nothing written). */
    @WriteTransaction
    public void appendAboveFloor(List<PendingRecord> records, Instant keepSince) {
        records.forEach(record -> em.persist(record.toEntity()));
        em.createNamedQuery(AuditRecord.PURGE).setParameter("before", keepSince).executeUpdate();
    }

    /** Newest first: up to {@code limit} records with an id below {@code before}, of one user and one action when given. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<AuditRecord> page(Optional<String> userId, Optional<String> action, Optional<String> before, int limit) {
        return em.createNamedQuery(AuditRecord.PAGE, AuditRecord.class)
                .setParameter("userId", userId.orElse(null))
                .setParameter("action", action.orElse(null))
                .setParameter("before", before.orElse(null))
                .setMaxResults(limit)
                .getResultList();
    }
}
