package io.snippetstore.auth.control;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.snippetstore.storage.control.StoreReplaced;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Tokens that authenticated recently, by the SHA-256 of their value, so that a request with a
 * known token needs no database query. Whatever can stop a token working (a revocation, a user
 * disabled or changed) {@link #forgetAll() forgets every entry} once its transaction has
 * completed, and an entry read from the database before that is never used after it: a revoked
 * token is refused from the revocation's answer on. An entry is also re-read after
 * {@link #MAX_AGE}, so a change made to the database by hand takes effect within that time.
 */
@ApplicationScoped
public class TokenCache {

    static final Duration MAX_AGE = Duration.ofMinutes(1);
    static final int MAX_ENTRIES = 10_000;

    @Resource
    TransactionSynchronizationRegistry transactions;

    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
    private final AtomicLong generation = new AtomicLong();

    /** Taken before reading a token from the database; handed back to {@link #remember}. */
    long generation() {
        return generation.get();
    }

    Optional<LiveToken> find(String hash, Instant now) {
        Entry entry = entries.get(hash);
        if (entry == null
                || entry.generation() != generation.get()
                || !now.isBefore(entry.readAt().plus(MAX_AGE))) {
            return Optional.empty();
        }
        return Optional.of(entry.token());
    }

    /** Keeps a token read at {@code readAt} under {@code generation}, unless something changed since. */
    void remember(String hash, LiveToken token, long readGeneration, Instant readAt) {
        if (readGeneration != generation.get()) {
            return;
        }
        if (entries.size() >= MAX_ENTRIES) {
            entries.clear();
        }
        entries.put(hash, new Entry(token, readGeneration, readAt));
    }

    /** A restored database has other tokens: none read from the replaced one is used again. */
    void forgetAfterRestore(@Observes StoreReplaced restore) {
        forgetAll();
    }

    void forgetAll() {
        generation.incrementAndGet();
        entries.clear();
    }

    /**
     * Called inside a transaction that may stop tokens working: every token is read again from
     * the database from now on, and again once the transaction has completed, so that nothing
     * read before its outcome is kept.
     */
    void credentialsChanging() {
        forgetAll();
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
                // forgotten once the outcome is in the database
            }

            @Override
            public void afterCompletion(int status) {
                forgetAll();
            }
        });
    }

    private record Entry(LiveToken token, long generation, Instant readAt) {}
}
