package io.snippetstore.platform;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Bounds how many runs of one kind of costly work (a password check, a diff, an import) go on at
 * once: in all, and per key (a client address, a user). A key already at its share is refused at
 * once; a run within its key's share waits up to {@code maxWait} for a place in all, first come
 * first served. So a storm from a few keys holds at most their shares, each other key waits behind
 * at most those, and no one queues without bound.
 */
public class ConcurrencyLimit {

    /** A run's place, given back when it ends. */
    public interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    private final Semaphore all;
    private final int perKey;
    private final Duration maxWait;
    private final ConcurrentHashMap<String, Integer> inFlightByKey = new ConcurrentHashMap<>();

    public ConcurrencyLimit(int total, int perKey, Duration maxWait) {
        this.all = new Semaphore(total, true);
        this.perKey = perKey;
        this.maxWait = maxWait;
    }

    /** A place for one run under this key, when one is free within the wait. */
    public Optional<Permit> tryEnter(String key) {
        boolean[] admitted = {false};
        inFlightByKey.compute(key, (ignored, inFlight) -> {
            int current = inFlight == null ? 0 : inFlight;
            if (current >= perKey) {
                return inFlight;
            }
            admitted[0] = true;
            return current + 1;
        });
        if (!admitted[0]) {
            return Optional.empty();
        }
        if (!acquire()) {
            leave(key);
            return Optional.empty();
        }
        return Optional.of(new Permit() {
            private boolean closed;

            @Override
            public void close() {
                if (!closed) {
                    closed = true;
                    all.release();
                    leave(key);
                }
            }
        });
    }

    private boolean acquire() {
        try {
            // the timed form even for no wait: the untimed one takes a free place ahead of those waiting
            return all.tryAcquire(maxWait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Runs waiting for a place now. */
    int waiting() {
        return all.getQueueLength();
    }

    /** Keys with a run in flight or waiting: an entry is removed when its last run ends. */
    int trackedKeys() {
        return inFlightByKey.size();
    }

    private void leave(String key) {
        inFlightByKey.computeIfPresent(key, (ignored, inFlight) -> inFlight > 1 ? inFlight - 1 : null);
    }
}
