package io.snippetstore.storage.control;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ClientAddress;
import io.snippetstore.platform.Metrics;
import io.snippetstore.platform.Settings;
import io.snippetstore.platform.SqliteFailures;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Group commit on one dedicated writer thread: writes of concurrent requests share one
 * transaction, so one commit (one fsync, each index page written once) serves them all. The
 * writer takes every write waiting (at most {@link #MAX_GROUP}), runs them in one
 * {@link SharedTransaction} and completes each after the commit, then goes straight on to the
 * writes that queued meanwhile. No request thread leads a group, so the serialized part never
 * waits for a woken request thread to get a core among the many a busy server runs, and a
 * request need not hold a thread while its write waits ({@link #submit}). When a group fails,
 * its writes run again one by one, each in a transaction of its own, so a failing write fails
 * only its own request. A write is answered only after the commit that holds it, so nothing
 * acknowledged is lost.
 * <p>
 * Only for writes whose work depends on nothing of the request thread but what the write
 * captures (the caller comes as an argument; the client's address is carried over for the audit).
 */
@ApplicationScoped
public class GroupCommit {

    private static final Logger LOG = Logger.getLogger(GroupCommit.class.getName());

    /** Writes in one group at most: bounds the transaction and the wait of the group's last write. */
    static final int MAX_GROUP = 64;

    private final BlockingQueue<PendingWrite<?>> waiting = new LinkedBlockingQueue<>();
    private Thread writer;
    private volatile boolean stopped;

    @Inject
    SharedTransaction transaction;

    @Inject
    Metrics metrics;

    @Inject
    ClientAddress clientAddress;

    /** The server's: a thread that may call the application's beans, and that the server stops with it. */
    @Resource
    ManagedThreadFactory threads;

    @Inject
    @ConfigProperty(name = Settings.WRITE_WAIT_SECONDS, defaultValue = Settings.WRITE_WAIT_SECONDS_DEFAULT)
    long maxWaitSeconds;

    /** The monotonic clock a submitted write's wait is measured on, in nanoseconds (a test moves one of its own). */
    LongSupplier ticks = System::nanoTime;

    /** Runs the write in a transaction shared with the writes arriving meanwhile: its result once committed. */
    public <T> T write(Supplier<T> work) {
        PendingWrite<T> write = enqueue(work, 0);
        try {
            return write.outcome.get(maxWaitSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            if (waiting.remove(write)) {
                throw ApiException.unavailable("The database is busy; try again shortly.");
            }
            return joinTaken(write); // a group has it: its outcome comes with the group's commit
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (waiting.remove(write)) {
                throw ApiException.unavailable("The request was interrupted while waiting for the database.");
            }
            return joinTaken(write);
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        }
    }

    /**
     * Like {@link #write}, with no thread waiting for it: the stage completes after the commit, on
     * the writer's thread (go on with an executor of your own), or with a 503 when the write waited
     * longer than the limit before the writer came to it (it is not run then).
     */
    public <T> CompletionStage<T> submit(Supplier<T> work) {
        return enqueue(work, ticks.getAsLong() + TimeUnit.SECONDS.toNanos(maxWaitSeconds))
                .outcome
                .minimalCompletionStage();
    }

    private <T> PendingWrite<T> enqueue(Supplier<T> work, long expiresAt) {
        PendingWrite<T> write = new PendingWrite<>(clientAddress.carriedInto(work), expiresAt);
        startWriterOnce();
        waiting.add(write);
        if (stopped && waiting.remove(write)) {
            write.abandon(ApiException.unavailable("The service is stopping.")); // the writer has gone meanwhile
        }
        return write;
    }

    /** Starts the writer, or starts it again should it have died of an error its loop could not catch. */
    private synchronized void startWriterOnce() {
        if (stopped) {
            throw ApiException.unavailable("The service is stopping.");
        }
        if (writer == null || !writer.isAlive()) {
            writer = newWriterThread(this::writeGroups);
            writer.start();
        }
    }

    /** The server's managed thread where there is one (always in a deployment), a plain one otherwise (unit tests). */
    private Thread newWriterThread(Runnable loop) {
        ThreadFactory factory = threads != null ? threads : Thread::new;
        Thread thread = factory.newThread(loop);
        thread.setName("snippets-writer");
        // nothing unless the JVM maps priorities to nice values (-XX:ThreadPriorityPolicy=1) and the process
        // may lower one (root or CAP_SYS_NICE): then the writer gets a core before the request threads
        // (server-config/README.md)
        thread.setPriority(Thread.MAX_PRIORITY);
        thread.setDaemon(true);
        return thread;
    }

    /** The writer's loop: a group at a time, as long as writes keep coming. */
    private void writeGroups() {
        List<PendingWrite<?>> group = new ArrayList<>(MAX_GROUP);
        while (!stopped && !Thread.currentThread().isInterrupted()) {
            try {
                group.add(waiting.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            waiting.drainTo(group, MAX_GROUP - 1);
            refuseExpired(group);
            try {
                runTogether(group);
            } catch (RuntimeException | Error unexpected) {
                // taken out of the queue, a write must not be left without an outcome for its request to wait on
                group.forEach(write -> write.abandon(unexpected));
                LOG.log(Level.SEVERE, "A group of writes failed unexpectedly; its requests were told", unexpected);
            }
            group.clear();
        }
        List<PendingWrite<?>> left = new ArrayList<>();
        waiting.drainTo(left);
        left.forEach(write -> write.abandon(ApiException.unavailable("The service is stopping.")));
    }

    /** Takes out of the group, refused, the submitted writes that waited longer than the limit. */
    private void refuseExpired(List<PendingWrite<?>> group) {
        long now = ticks.getAsLong();
        group.removeIf(write -> {
            boolean expired = write.expiresAt != 0 && now - write.expiresAt > 0;
            if (expired) {
                write.abandon(ApiException.unavailable("The database is busy; try again shortly."));
            }
            return expired;
        });
    }

    /** How many writes wait for a group to take them. */
    int waitingWrites() {
        return waiting.size();
    }

    private void runTogether(List<PendingWrite<?>> group) {
        if (group.size() < 2) {
            group.forEach(PendingWrite::runAlone);
            return;
        }
        List<Object> results;
        try {
            results = transaction.run(
                    group.stream().<Supplier<?>>map(PendingWrite::work).toList());
        } catch (RuntimeException groupFailed) {
            // which write failed, and whether alone it would, only running each alone tells
            metrics.writesGrouped(group.size(), false);
            group.forEach(PendingWrite::runAlone);
            return;
        }
        metrics.writesGrouped(group.size(), true);
        for (int i = 0; i < group.size(); i++) {
            group.get(i).succeed(results.get(i));
        }
    }

    /** Stops the writer with the application; writes still queued are refused (503). */
    @PreDestroy
    synchronized void stop() {
        stopped = true;
        if (writer != null) {
            writer.interrupt();
        }
    }

    private static <T> T joinTaken(PendingWrite<T> write) {
        boolean interrupted = Thread.interrupted();
        try {
            while (true) {
                try {
                    return write.outcome.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw rethrown(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static RuntimeException rethrown(Throwable failure) {
        if (failure instanceof RuntimeException runtime) {
            return runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new CompletionException(failure);
    }

    /** A write waiting for its group, then its outcome: a result or what it threw. */
    private static final class PendingWrite<T> {

        private final Supplier<T> work;
        final CompletableFuture<T> outcome = new CompletableFuture<>();
        /** When a submitted write is refused unless the writer has come to it (on {@code ticks}); 0 for none. */
        final long expiresAt;

        PendingWrite(Supplier<T> work, long expiresAt) {
            this.work = work;
            this.expiresAt = expiresAt;
        }

        Supplier<T> work() {
            return work;
        }

        /**
         * In a transaction of its own (the work's), on the writer's thread. A transaction that found
         * its read snapshot stale when it came to write was rolled back whole: it runs once more, on a
         * fresh snapshot, rather than answer 503 for a conflict that waiting would not have solved.
         */
        void runAlone() {
            try {
                T result;
                try {
                    result = work.get();
                } catch (RuntimeException failure) {
                    if (!SqliteFailures.isStaleSnapshot(failure)) {
                        throw failure;
                    }
                    LOG.log(Level.INFO, "A write met a stale read snapshot and runs once more", failure);
                    result = work.get();
                }
                succeed(result);
            } catch (RuntimeException | Error e) {
                outcome.completeExceptionally(e);
            }
        }

        /** Fails the write with what ended its group, unless it has its outcome already. */
        void abandon(Throwable cause) {
            outcome.completeExceptionally(cause);
        }

        @SuppressWarnings("unchecked")
        void succeed(Object value) {
            outcome.complete((T) value);
        }
    }
}
