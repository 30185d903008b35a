package io.snippetstore.audit.control;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
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
        writePending(Duration.between(lastPurge, Timestamps.now()).toHours() >= 1);
    }

    /** Writes everything kept so far; {@code false} when it could not (it is kept for the next try). */
    public boolean writePending() {
        return writePending(false);
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
