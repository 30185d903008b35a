package io.snippetstore.transfer.control;

import java.util.logging.Logger;

import io.snippetstore.storage.control.StoreReplaced;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Deletes the snippets of imports that never finished: at start-up (a crash in the middle of an
 * import) and after a restore (a backup taken in the middle of one). An import keeps all of its
 * snippets or none.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
public class UnfinishedImports {

    private static final Logger LOG = Logger.getLogger(UnfinishedImports.class.getName());

    @Inject
    ImportBatches batches;

    @PostConstruct
    void atStart() {
        discard();
    }

    public void afterRestore(@Observes StoreReplaced restore) {
        discard();
    }

    private void discard() {
        int discarded = 0;
        for (int some = batches.discardSomeOfAnyImport(); some > 0; some = batches.discardSomeOfAnyImport()) {
            discarded += some;
        }
        if (discarded > 0) {
            int total = discarded;
            LOG.info(() -> "Removed " + total + " snippet(s) of imports that never finished.");
        }
    }
}
