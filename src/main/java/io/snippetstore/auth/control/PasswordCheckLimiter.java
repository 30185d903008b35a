package io.snippetstore.auth.control;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * Bounds the slow password checks (a full PBKDF2 each, wrong username or not) that run at once:
 * in all, and per client address. A check that finds no room is refused at once rather than
 * queued, so a storm of logins holds no request thread and at most {@code perAddress} of the
 * machine's cores, leaving the rest to everyone else (other addresses' sign-ins among them).
 */
public class PasswordCheckLimiter {

    /** A check's place, given back when it ends. */
    public interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    private final Semaphore all;
    private final int perAddress;
    private final ConcurrentHashMap<String, Integer> inFlightByAddress = new ConcurrentHashMap<>();

    public PasswordCheckLimiter(int total, int perAddress) {
        this.all = new Semaphore(total);
        this.perAddress = perAddress;
    }

    /** A place for one check from this address, when there is one. */
    public Optional<Permit> tryEnter(String address) {
        boolean[] admitted = {false};
        inFlightByAddress.compute(address, (key, inFlight) -> {
            int current = inFlight == null ? 0 : inFlight;
            if (current >= perAddress) {
                return inFlight;
            }
            admitted[0] = true;
            return current + 1;
        });
        if (!admitted[0]) {
            return Optional.empty();
        }
        if (!all.tryAcquire()) {
            leave(address);
            return Optional.empty();
        }
        return Optional.of(new Permit() {
            private boolean closed;

            @Override
            public void close() {
                if (!closed) {
                    closed = true;
                    all.release();
                    leave(address);
                }
            }
        });
    }

    /** Addresses with a check in flight: an entry is removed when its last check ends. */
    int trackedAddresses() {
        return inFlightByAddress.size();
    }

    private void leave(String address) {
        inFlightByAddress.computeIfPresent(address, (key, inFlight) -> inFlight > 1 ? inFlight - 1 : null);
    }
}
