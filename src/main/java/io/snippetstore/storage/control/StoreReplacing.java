package io.snippetstore.storage.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Fired while a restore holds the writer's gate, before it replaces the database: an observer may
 * read the data about to go, and ask for steps to run once the restored data is in place and
 * migrated, still under the gate, so that no request's write comes between. A step writes
 * through {@link Database#update}, outside any transaction of the container.
 */
public final class StoreReplacing {

    private final List<Runnable> stepsAfterReplacement = new ArrayList<>();

    private final Optional<String> askedWith;

    /** @param askedWith the id of the browser session the restore was asked with, if it was */
    StoreReplacing(Optional<String> askedWith) {
        this.askedWith = askedWith;
    }

    /** The browser session the restore was asked with: its owner may keep it through the restore. */
    public Optional<String> askedWith() {
        return askedWith;
    }

    public void afterReplacement(Runnable step) {
        stepsAfterReplacement.add(step);
    }

    void runStepsAfterReplacement() {
        stepsAfterReplacement.forEach(Runnable::run);
    }
}
