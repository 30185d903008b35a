package io.snippetstore.snippets.control;

import java.time.Duration;
import java.util.List;
import java.util.logging.Logger;

import io.snippetstore.platform.Timestamps;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;

/**
 * Purges what the trash holds past its time, and the revisions past {@code SNIPPETS_REVISIONS_KEEP}'s
 * days, every few seconds: a snippet or a batch of revisions per transaction, so that writers
 * never wait long, for a bounded time per run. Reads the revision setting at the start, so that a
 * malformed one stops the deployment instead of the first save.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class TrashUpkeep {

    private static final Logger LOG = Logger.getLogger(TrashUpkeep.class.getName());

    private static final int BATCH = 100;
    private static final Duration RUN_MAX = Duration.ofSeconds(5);

    @EJB
    Trash trash;

    @EJB
    Revisions revisions;

    @Inject
    RevisionsKept revisionsKept;

    private final Object running = new Object();

    @PostConstruct
    void checkSettings() {
        revisionsKept.retention();
    }

    @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
    void upkeep() {
        synchronized (running) {
            long deadline = System.nanoTime() + RUN_MAX.toNanos();
            try {
                purgeExpiredTrash(deadline);
                pruneOldRevisions(deadline);
            } catch (RuntimeException e) {
                // a full disk or a busy database: the next run tries again
                LOG.warning(() -> "Trash and revision upkeep stopped for now: " + e);
            }
        }
    }

    private void purgeExpiredTrash(long deadline) {
        int purged = 0;
        List<String> expired = trash.expired(BATCH);
        while (!expired.isEmpty() && System.nanoTime() < deadline) {
            for (String id : expired) {
                if (System.nanoTime() >= deadline) {
                    break;
                }
                purged += trash.purgeExpired(id) ? 1 : 0;
            }
            expired = trash.expired(BATCH);
        }
        int count = purged;
        if (count > 0) {
            LOG.info(() -> "Purged " + count + " snippet(s) whose time in the trash was up.");
        }
    }

    private void pruneOldRevisions(long deadline) {
        revisionsKept.retention().keptSince(Timestamps.now()).ifPresent(cutoff -> {
            while (System.nanoTime() < deadline && revisions.pruneOlderThan(cutoff, BATCH) == BATCH) {
                // the next batch
            }
        });
    }
}
