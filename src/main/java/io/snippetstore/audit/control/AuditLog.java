package io.snippetstore.audit.control;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.logging.Logger;

import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.ClientAddress;
import io.snippetstore.platform.Timestamps;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Takes every {@link AuditEvent} as it is fired and keeps it until {@link AuditWriter} writes it:
 * recording costs a request no write of its own, and a refused login, whose request writes nothing,
 * is recorded all the same. A success waits for its transaction to commit (a rolled-back deletion
 * did not happen); a failure is kept at once.
 */
@ApplicationScoped
public class AuditLog {

    private static final Logger LOG = Logger.getLogger(AuditLog.class.getName());

    /** Events kept in memory at most; beyond, while the disk is full for long, new ones are dropped and logged. */
    static final int CAPACITY = 10_000;

    private final BlockingQueue<PendingRecord> pending = new ArrayBlockingQueue<>(CAPACITY);

    @Inject
    ClientAddress clientAddress;

    @Resource
    TransactionSynchronizationRegistry transactions;

    void record(@Observes AuditEvent event) {
        PendingRecord record = PendingRecord.of(event, Timestamps.now(), clientAddress.current().orElse(null));
        if (event.isSuccess() && transactions.getTransactionStatus() == Status.STATUS_ACTIVE) {
            transactions.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                    // kept only once committed
                }

                @Override
                public void afterCompletion(int status) {
                    if (status == Status.STATUS_COMMITTED) {
                        keep(record);
                    }
                }
            });
        } else {
            keep(record);
        }
    }

    private void keep(PendingRecord record) {
        if (!pending.offer(record)) {
            LOG.warning(() -> "The audit trail is full in memory; not recorded: " + record.event().action() + " by " + record.event().username());
        }
    }

    /** Everything kept so far, oldest first, taken out of the log. */
    List<PendingRecord> drain() {
        List<PendingRecord> records = new ArrayList<>();
        pending.drainTo(records);
        return records;
    }

    /** Puts back records that could not be written; their ids keep their order on the page. */
    void putBack(List<PendingRecord> records) {
        records.forEach(this::keep);
    }
}
