package io.snippetstore.attachments.control;

import java.util.logging.Logger;

import io.snippetstore.storage.control.StoreReplaced;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Removes the attachments whose upload never finished: at start-up (a crash in the middle of an
 * upload) and after a restore (a backup taken in the middle of one).
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
public class UnfinishedUploads {

    private static final Logger LOG = Logger.getLogger(UnfinishedUploads.class.getName());

    @Inject
    UploadSteps steps;

    @PostConstruct
    void atStart() {
        discard();
    }

    public void afterRestore(@Observes StoreReplaced restore) {
        discard();
    }

    private void discard() {
        int discarded = steps.discardUnfinished();
        if (discarded > 0) {
            LOG.info(() -> "Removed " + discarded + " attachment(s) whose upload never finished.");
        }
    }
}
