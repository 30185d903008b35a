package io.snippetstore.audit.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.AuditEvent.Outcome;
import io.snippetstore.platform.ClientAddress;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import org.junit.jupiter.api.Test;

class AuditLogTest {

    private final AuditLog log = new AuditLog();

    AuditLogTest() {
        log.clientAddress = new ClientAddress() {
            @Override
            public Optional<String> current() {
                return Optional.of("192.0.2.1");
            }
        };
    }

    private void refuse(String username, String reason) {
        log.record(AuditEvent.refused(AuditEvent.LOGIN, Outcome.FAILURE, null, username, reason));
    }

    @Test
    void repeatedRefusalsOfOneUsernameAreOneRecordWithTheirCount() {
        for (int i = 0; i < 25; i++) {
            refuse("alice", "wrong password");
        }
        refuse("bob", "wrong password");

        List<PendingRecord> records = log.drainRefusals(Optional.empty());

        assertEquals(2, records.size());
        assertTrue(
                records.get(0).event().detail().startsWith("wrong password (25 attempts since "),
                records.get(0).event().detail());
        assertEquals("alice", records.get(0).event().username());
        assertEquals("192.0.2.1", records.get(0).clientAddress());
        assertEquals("wrong password", records.get(1).event().detail(), "a single refusal reads as before");
        assertEquals(List.of(), log.drainRefusals(Optional.empty()), "drained once");
        assertEquals(List.of(), log.drain(), "refusals never enter the queue of other events");
    }

    @Test
    void aWindowIsWrittenOnlyOnceItHasEnded() {
        refuse("carol", "unknown username");

        assertEquals(List.of(), log.drainRefusals(Optional.of(Instant.now().minus(AuditLog.REFUSAL_WINDOW))));
        assertEquals(
                1, log.drainRefusals(Optional.of(Instant.now().plusSeconds(1))).size());
    }

    @Test
    void beyondTheBoundNewUsernamesShareOneRecord() {
        for (int i = 0; i < AuditLog.REFUSAL_KEYS_MAX + 500; i++) {
            refuse("storm-" + i, "unknown username");
        }

        List<PendingRecord> records = log.drainRefusals(Optional.empty());

        assertEquals(AuditLog.REFUSAL_KEYS_MAX + 1, records.size());
        PendingRecord shared = records.stream()
                .filter(r -> r.event().username().equals(AuditLog.MORE_USERNAMES))
                .findFirst()
                .orElseThrow();
        assertTrue(
                shared.event().detail().startsWith("unknown username (500 attempts"),
                shared.event().detail());
    }

    @Test
    void aFailureOtherThanASignInIsKeptOneByOne() {
        log.record(AuditEvent.refused(AuditEvent.SNIPPET_DELETED, Outcome.FAILURE, "u", "alice", "refused"));
        log.record(AuditEvent.refused(AuditEvent.SNIPPET_DELETED, Outcome.FAILURE, "u", "alice", "refused"));

        assertEquals(2, log.drain().size());
        assertEquals(List.of(), log.drainRefusals(Optional.empty()));
    }

    @Test
    void aSuccessInATransactionIsKeptOnlyOnceItCommits() {
        OneTransaction committed = new OneTransaction();
        log.transactions = committed;
        log.record(AuditEvent.success("u", "alice", AuditEvent.SNIPPET_DELETED, "s1", "kept"));
        assertEquals(List.of(), log.drain(), "not before the transaction ends");

        committed.end(Status.STATUS_COMMITTED);

        List<PendingRecord> records = log.drain();
        assertEquals(1, records.size());
        assertEquals("s1", records.get(0).event().subject());
    }

    @Test
    void aSuccessInATransactionThatRollsBackIsNeverKept() {
        OneTransaction rolledBack = new OneTransaction();
        log.transactions = rolledBack;
        log.record(AuditEvent.success("u", "alice", AuditEvent.SNIPPET_DELETED, "s1", "undone"));

        rolledBack.end(Status.STATUS_ROLLEDBACK);

        assertEquals(List.of(), log.drain(), "a rolled-back deletion did not happen");
    }

    /** The registry of one active transaction, ended by the test with the status it chooses. */
    private static final class OneTransaction implements TransactionSynchronizationRegistry {

        private final List<Synchronization> synchronizations = new ArrayList<>();
        private int status = Status.STATUS_ACTIVE;

        void end(int outcome) {
            synchronizations.forEach(Synchronization::beforeCompletion);
            status = outcome;
            synchronizations.forEach(synchronization -> synchronization.afterCompletion(outcome));
        }

        @Override
        public int getTransactionStatus() {
            return status;
        }

        @Override
        public void registerInterposedSynchronization(Synchronization synchronization) {
            synchronizations.add(synchronization);
        }

        @Override
        public Object getTransactionKey() {
            return this;
        }

        @Override
        public void putResource(Object key, Object value) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Object getResource(Object key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setRollbackOnly() {
            status = Status.STATUS_MARKED_ROLLBACK;
        }

        @Override
        public boolean getRollbackOnly() {
            return status == Status.STATUS_MARKED_ROLLBACK;
        }
    }
}
