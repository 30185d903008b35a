package io.snippetstore.storage.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Metrics;
import io.snippetstore.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Group commit: writes of concurrent requests share one transaction, so one commit (one fsync,
 * one new full-text segment, each index page written once) serves them all. Whoever finds no
 * group running leads: it takes every write waiting, its own among them, runs them in one
 * {@link SharedTransaction} and hands each its result after the commit; meanwhile the next
 * writes queue up for the following group. When a group fails, its writes run again one by
 * one, each in a transaction of its own, so a failing write fails only its own request. A
 * write is answered only after the commit that holds it, so nothing acknowledged is lost.
 * <p>
 * Only for writes whose work depends on nothing of the request thread but what the write
 * captures (the caller comes as an argument): another request's thread may run it.
 */
@ApplicationScoped
public class GroupCommit {

    /** Writes in one group at most: bounds the transaction and the wait of the group's last write. */
    static final int MAX_GROUP = 64;

    private final Queue<PendingWrite<?>> waiting = new ConcurrentLinkedQueue<>();
    private final ReentrantLock leader = new ReentrantLock();

    @Inject
    SharedTransaction transaction;

    @Inject
    Metrics metrics;

    @Inject
    @ConfigProperty(name = Settings.WRITE_WAIT_SECONDS, defaultValue = Settings.WRITE_WAIT_SECONDS_DEFAULT)
    long maxWaitSeconds;

    /** Runs the write in a transaction shared with the writes arriving meanwhile: its result once committed. */
    public <T> T write(Supplier<T> work) {
        PendingWrite<T> write = new PendingWrite<>(work);
        waiting.add(write);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(maxWaitSeconds);
        try {
            while (!write.isDone()) {
                if (leader.tryLock()) {
                    lead(write);
                } else if (!write.awaitTurn(deadline - System.nanoTime())) {
                    if (giveUp(write)) {
                        throw ApiException.unavailable("The database is busy; try again shortly.");
                    }
                    write.awaitDone(); // a group has taken it: its outcome comes with the group's commit
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (giveUp(write)) {
                throw ApiException.unavailable("The request was interrupted while waiting for the database.");
            }
            write.awaitDoneUninterruptibly();
        }
        return write.outcome();
    }

    /**
     * With the leader's lock: runs a group unless another leader has run this write already, then
     * wakes the oldest write still waiting to lead the next one. Its followers wait for their own
     * outcome, not for the lock, so each returns as soon as its group has committed. A write that
     * queues after the wake finds the lock free; one that queued before is woken.
     */
    private void lead(PendingWrite<?> write) {
        try {
            if (!write.isDone()) {
                runGroup();
            }
        } finally {
            leader.unlock();
            wakeNext();
        }
    }

    /** Takes the write out of the queue unless a group has taken it; a turn to lead it was given passes on. */
    private boolean giveUp(PendingWrite<?> write) {
        boolean removed = waiting.remove(write);
        if (removed) {
            wakeNext();
        }
        return removed;
    }

    private void wakeNext() {
        PendingWrite<?> next = waiting.peek();
        if (next != null) {
            next.wake();
        }
    }

    /** How many writes wait for a group to take them. */
    int waitingWrites() {
        return waiting.size();
    }

    /** With the leader's lock: the writes waiting, oldest first, in one transaction. */
    private void runGroup() {
        List<PendingWrite<?>> group = new ArrayList<>();
        for (PendingWrite<?> next = waiting.poll(); next != null; next = group.size() < MAX_GROUP ? waiting.poll() : null) {
            group.add(next);
        }
        try {
            runTogether(group);
        } catch (RuntimeException | Error unexpected) {
            // taken out of the queue, a write must not be left without an outcome for its request to wait on
            group.forEach(write -> write.abandon(unexpected));
            throw unexpected;
        }
    }

    private void runTogether(List<PendingWrite<?>> group) {
        if (group.size() < 2) {
            group.forEach(PendingWrite::runAlone);
            return;
        }
        List<Object> results;
        try {
            results = transaction.run(group.stream().<Supplier<?>>map(PendingWrite::work).toList());
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

    /** A write waiting for its group, then its outcome: a result or what it threw. */
    private static final class PendingWrite<T> {

        private final Supplier<T> work;
        private final CountDownLatch done = new CountDownLatch(1);
        /** Released when the write has its outcome or may try to lead: what its request thread waits on. */
        private final Semaphore turn = new Semaphore(0);
        private Object result;
        private Throwable failure;

        PendingWrite(Supplier<T> work) {
            this.work = work;
        }

        Supplier<T> work() {
            return work;
        }

        /** In a transaction of its own (the work's), on the leader's thread. */
        void runAlone() {
            try {
                succeed(work.get());
            } catch (RuntimeException | Error e) {
                fail(e);
            }
        }

        /** Fails the write with what ended its group, unless it has its outcome already. */
        void abandon(Throwable cause) {
            if (!isDone()) {
                fail(cause);
            }
        }

        private void fail(Throwable cause) {
            failure = cause;
            done.countDown();
            turn.release();
        }

        void succeed(Object value) {
            result = value;
            done.countDown();
            turn.release();
        }

        /** Asks its request thread to try to lead the next group. */
        void wake() {
            turn.release();
        }

        /** Waits until it has its outcome or may try to lead: false if the time ran out first. */
        boolean awaitTurn(long nanos) throws InterruptedException {
            return nanos > 0 && turn.tryAcquire(nanos, TimeUnit.NANOSECONDS);
        }

        boolean isDone() {
            return done.getCount() == 0;
        }

        void awaitDone() throws InterruptedException {
            done.await();
        }

        void awaitDoneUninterruptibly() {
            boolean interrupted = false;
            while (!isDone()) {
                try {
                    done.await();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        @SuppressWarnings("unchecked")
        T outcome() {
            if (failure instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (failure instanceof Error error) {
                throw error;
            }
            return (T) result;
        }
    }
}
