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

    /** Newest first: up to {@code limit} records with an id below {@code before} that the filter lets through. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<AuditRecord> page(AuditFilter filter, Optional<String> before, int limit) {
        // an open end is the earliest or latest instant stored, not a null: one query shape, and no untyped null
        // instant to bind
        return em.createNamedQuery(AuditRecord.PAGE, AuditRecord.class)
                .setParameter("userId", filter.userId().orElse(null))
                .setParameter("action", filter.action().orElse(null))
                .setParameter("since", filter.since().orElse(Instant.EPOCH))
                .setParameter("until", filter.until().orElse(AuditRecord.LATEST))
                .setParameter("before", before.orElse(null))
                .setMaxResults(limit)
                .getResultList();
    }
}
