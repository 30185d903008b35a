package io.snippetstore.storage.control;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Metrics;
import io.snippetstore.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The single-writer gate. A semaphore rather than a lock, because the transaction manager
 * may complete a transaction (and so release the gate) on another thread than the one that began it.
 */
@ApplicationScoped
public class WriteGate {

    private final Semaphore permit = new Semaphore(1, true);

    @Inject
    @ConfigProperty(name = Settings.WRITE_WAIT_SECONDS, defaultValue = Settings.WRITE_WAIT_SECONDS_DEFAULT)
    long maxWaitSeconds;

    @Inject
    Metrics metrics;

    public void enter() {
        long waitStarted = System.nanoTime();
        try {
            if (!permit.tryAcquire(maxWaitSeconds, TimeUnit.SECONDS)) {
                throw ApiException.unavailable("The database is busy; try again shortly.");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.unavailable("The request was interrupted while waiting for the database.");
        } finally {
            metrics.writerWaited(System.nanoTime() - waitStarted);
        }
    }

    /** Passes only when no other write holds the gate; never waits. Pair a {@code true} with {@link #leave()}. */
    public boolean tryEnter() {
        return permit.tryAcquire();
    }

    public void leave() {
        permit.release();
    }

    /** Whether a write is waiting for the gate now: a long series of writes can give way to it. */
    public boolean isWaitedFor() {
        return permit.hasQueuedThreads();
    }
}
