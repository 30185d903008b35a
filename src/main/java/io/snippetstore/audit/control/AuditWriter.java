package io.snippetstore.audit.control;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

import io.snippetstore.platform.Settings;
import io.snippetstore.platform.Timestamps;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Writes what the {@link AuditLog} keeps, every few seconds and before the trail is read, one
 * transaction per batch; the same transaction removes records past the retention period. What
 * cannot be written now (a full disk) stays in memory and is tried again.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class AuditWriter {

    private static final Logger LOG = Logger.getLogger(AuditWriter.class.getName());

    @Inject
    AuditLog log;

    @EJB
    AuditRecords records;

    @Inject
    @ConfigProperty(name = Settings.AUDIT_RETENTION_DAYS, defaultValue = Settings.AUDIT_RETENTION_DAYS_DEFAULT)
    int retentionDays;

    private volatile Instant lastPurge = Instant.EPOCH;

    @Schedule(hour = "*", minute = "*", second = "*/5", persistent = false)
    void writeOnSchedule() {
        Instant now = Timestamps.now();
        writeRefusals(log.drainRefusals(Optional.of(now.minus(AuditLog.REFUSAL_WINDOW))));
        writePending(Duration.between(lastPurge, now).toHours() >= 1);
    }

    /** Writes everything kept so far, refused sign-ins counted until now too; {@code false} when it could not (it is kept for the next try). */
    public boolean writePending() {
        writeRefusals(log.drainRefusals(Optional.empty()));
        return writePending(false);
    }

    /**
     * Refused sign-ins are written only while the disk has room above the free-space floor: anyone
     * can cause them, so they must not take the room kept for deletions and sign-ins. Refused by
     * the floor (or failing), they are dropped, and the log says how many.
     */
    private synchronized void writeRefusals(List<PendingRecord> refusals) {
        if (refusals.isEmpty()) {
            return;
        }
        try {
            records.appendAboveFloor(refusals, Timestamps.now().minus(Duration.ofDays(retentionDays)));
        } catch (RuntimeException e) {
            LOG.warning(() -> "Audit records of " + refusals.size() + " refused sign-ins not written: " + e);
        }
    }

    private synchronized boolean writePending(boolean evenWhenNothingIsPending) {
        List<PendingRecord> batch = log.drain();
        if (batch.isEmpty() && !evenWhenNothingIsPending) {
            return true;
        }
        Instant now = Timestamps.now();
        try {
            records.append(batch, now.minus(Duration.ofDays(retentionDays)));
            lastPurge = now;
            return true;
        } catch (RuntimeException e) {
            log.putBack(batch);
            LOG.warning(() -> "Audit records not written now (" + batch.size() + " kept for the next try): " + e);
            return false;
        }
    }
}
