package io.snippetstore.audit.control;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.AuditEvent.Outcome;
import io.snippetstore.platform.ClientAddress;
import io.snippetstore.platform.Timestamps;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Takes every {@link AuditEvent} as it is fired and keeps it until {@link AuditWriter} writes it:
 * recording costs a request no write of its own, and a refused login, whose request writes nothing,
 * is recorded all the same. A success waits for its transaction to commit (a rolled-back deletion
 * did not happen); a failure is kept at once.
 *
 * <p>Refused sign-ins (a failed or throttled login or password check) are what anyone on the
 * network can cause at will, so they are counted, not kept one by one: one record per action,
 * outcome, username, reason and client address and {@link #REFUSAL_WINDOW}, with the number of
 * attempts, and at most {@link #REFUSAL_KEYS_MAX} of them at once (beyond, the rest share one
 * record). Every other event is kept, however many there are: none is ever dropped.
 */
@ApplicationScoped
public class AuditLog {

    /** How long refusals with the same key are counted into one record. */
    static final Duration REFUSAL_WINDOW = Duration.ofMinutes(1);
    /** Refusal records counting at once; a storm of new usernames beyond shares {@link #MORE_USERNAMES}. */
    static final int REFUSAL_KEYS_MAX = 10_000;

    static final String MORE_USERNAMES = "(more usernames)";

    private record RefusalKey(
            String action, Outcome outcome, String userId, String username, String reason, String clientAddress) {}

    private record Refusals(Instant first, Instant last, long count) {

        Refusals and(Refusals more) {
            return new Refusals(first, more.last(), count + more.count());
        }
    }

    private final BlockingQueue<PendingRecord> pending = new LinkedBlockingQueue<>();
    private final Map<RefusalKey, Refusals> refusals = new LinkedHashMap<>();

    @Inject
    ClientAddress clientAddress;

    @Resource
    TransactionSynchronizationRegistry transactions;

    void record(@Observes AuditEvent event) {
        Instant now = Timestamps.now();
        String address = clientAddress.current().orElse(null);
        if (isRefusedSignIn(event)) {
            count(event, address, now);
            return;
        }
        PendingRecord record = PendingRecord.of(event, now, address);
        if (event.isSuccess() && transactions.getTransactionStatus() == Status.STATUS_ACTIVE) {
            transactions.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                    // kept only once committed
                }

                @Override
                public void afterCompletion(int status) {
                    if (status == Status.STATUS_COMMITTED) {
                        pending.add(record);
                    }
                }
            });
        } else {
            pending.add(record);
        }
    }

    static boolean isRefusedSignIn(AuditEvent event) {
        return !event.isSuccess()
                && (event.action().equals(AuditEvent.LOGIN) || event.action().equals(AuditEvent.PASSWORD_CHANGED));
    }

    private synchronized void count(AuditEvent event, String address, Instant now) {
        RefusalKey key = new RefusalKey(
                event.action(), event.outcome(), event.userId(), event.username(), event.detail(), address);
        if (!refusals.containsKey(key) && refusals.size() >= REFUSAL_KEYS_MAX) {
            key = new RefusalKey(event.action(), event.outcome(), null, MORE_USERNAMES, event.detail(), null);
        }
        refusals.merge(key, new Refusals(now, now, 1), Refusals::and);
    }

    /** Every event but refused sign-ins, oldest first, taken out of the log. */
    List<PendingRecord> drain() {
        List<PendingRecord> records = new ArrayList<>();
        pending.drainTo(records);
        return records;
    }

    /**
     * The refused sign-ins counted in windows that began before {@code windowsBegunBefore} (all
     * of them when empty), one record each, taken out of the log: {@code at} is the last attempt
     * (and the id sorts there), the detail says how many there were since when.
     */
    synchronized List<PendingRecord> drainRefusals(Optional<Instant> windowsBegunBefore) {
        List<PendingRecord> records = new ArrayList<>();
        for (Iterator<Map.Entry<RefusalKey, Refusals>> entries =
                        refusals.entrySet().iterator();
                entries.hasNext(); ) {
            Map.Entry<RefusalKey, Refusals> entry = entries.next();
            Refusals counted = entry.getValue();
            if (windowsBegunBefore.isPresent() && !counted.first().isBefore(windowsBegunBefore.get())) {
                continue;
            }
            RefusalKey key = entry.getKey();
            String detail = counted.count() == 1
                    ? key.reason()
                    : key.reason() + " (" + counted.count() + " attempts since " + Timestamps.format(counted.first())
                            + ")";
            records.add(PendingRecord.backdated(
                    AuditEvent.refused(key.action(), key.outcome(), key.userId(), key.username(), detail),
                    counted.last(),
                    key.clientAddress()));
            entries.remove();
        }
        return records;
    }

    /** Puts back records that could not be written; their ids keep their order on the page. */
    void putBack(List<PendingRecord> records) {
        pending.addAll(records);
    }
}
