package io.snippetstore.storage.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ClientAddress;
import io.snippetstore.platform.Metrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GroupCommitTest {

    /** Runs a group's writes in order, as the real one does in one transaction, and remembers the groups. */
    private static final class RecordingTransaction extends SharedTransaction {

        final List<Integer> groups = new CopyOnWriteArrayList<>();

        @Override
        public List<Object> run(List<Supplier<?>> writes) {
            groups.add(writes.size());
            List<Object> results = new ArrayList<>();
            for (Supplier<?> write : writes) {
                results.add(write.get());
            }
            return results;
        }
    }

    private static final class CountingMetrics extends Metrics {

        final List<Integer> failedGroups = new CopyOnWriteArrayList<>();

        @Override
        public void writesGrouped(int writes, boolean committedTogether) {
            if (!committedTogether) {
                failedGroups.add(writes);
            }
        }
    }

    private final RecordingTransaction transaction = new RecordingTransaction();
    private final CountingMetrics metrics = new CountingMetrics();
    private final GroupCommit commits = new GroupCommit();
    private final ExecutorService requests = Executors.newCachedThreadPool();

    GroupCommitTest() {
        commits.transaction = transaction;
        commits.metrics = metrics;
        commits.clientAddress = new ClientAddress() {
            @Override
            public Optional<String> current() {
                return Optional.of("192.0.2.7");
            }
        };
        commits.maxWaitSeconds = 30;
    }

    @AfterEach
    void stopRequests() {
        requests.shutdownNow();
        commits.stop();
    }

    /** Starts a write that holds the writer until released, so that the writes after it queue up for one group. */
    private CountDownLatch holdTheWriter() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        requests.submit(() -> commits.write(() -> {
            running.countDown();
            try {
                return release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }));
        assertTrue(running.await(30, TimeUnit.SECONDS));
        return release;
    }

    private static void waitUntilQueued(GroupCommit commits, int writes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (commits.waitingWrites() < writes) {
            assertTrue(System.nanoTime() < deadline, "the writes did not queue up");
            Thread.sleep(5);
        }
    }

    @Test
    void writesArrivingWhileAGroupCommitsShareTheNextOneAndEachGetsItsOwnResult() throws Exception {
        CountDownLatch release = holdTheWriter();
        List<Future<String>> results = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String value = "write " + i;
            results.add(requests.submit(() -> commits.write(() -> value)));
        }
        waitUntilQueued(commits, 8);
        release.countDown();

        for (int i = 0; i < 8; i++) {
            assertEquals("write " + i, results.get(i).get(30, TimeUnit.SECONDS));
        }
        assertEquals(List.of(8), transaction.groups, "the eight queued writes were one group");
        assertEquals(List.of(), metrics.failedGroups);
    }

    @Test
    void aWriteThatFailsInAGroupFailsAloneWhileTheOthersSucceedAfterRunningAgainByThemselves() throws Exception {
        CountDownLatch release = holdTheWriter();
        IllegalArgumentException refused = new IllegalArgumentException("refused");
        List<Future<String>> results = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String value = "write " + i;
            boolean fails = i == 2;
            results.add(requests.submit(() -> commits.write(() -> {
                if (fails) {
                    throw refused;
                }
                return value;
            })));
        }
        waitUntilQueued(commits, 5);
        release.countDown();

        for (int i = 0; i < 5; i++) {
            Future<String> result = results.get(i);
            if (i == 2) {
                ExecutionException failed =
                        assertThrows(ExecutionException.class, () -> result.get(30, TimeUnit.SECONDS));
                assertSame(refused, failed.getCause(), "its own failure, as it would have failed alone");
            } else {
                assertEquals("write " + i, result.get(30, TimeUnit.SECONDS));
            }
        }
        assertEquals(List.of(5), metrics.failedGroups, "the group failed once, then each write ran alone");
    }

    /** What the driver's exception says, wrapped as the transaction manager wraps it. */
    private static RuntimeException sqliteFailure(String message) {
        return new IllegalStateException("Transaction aborted", new IllegalStateException(message));
    }

    @Test
    void aWriteWhoseReadSnapshotWentStaleRunsOnceMoreAndSucceeds() {
        AtomicInteger runs = new AtomicInteger();

        String result = commits.write(() -> {
            if (runs.incrementAndGet() == 1) {
                throw sqliteFailure("[SQLITE_BUSY_SNAPSHOT] Another database connection has already written");
            }
            return "written";
        });

        assertEquals("written", result);
        assertEquals(2, runs.get());
    }

    @Test
    void aWriteRunsAgainOnlyOnceAndOnlyForAStaleSnapshot() {
        AtomicInteger staleRuns = new AtomicInteger();
        RuntimeException stale =
                sqliteFailure("[SQLITE_BUSY_SNAPSHOT] Another database connection has already written");
        RuntimeException thrown = assertThrows(
                RuntimeException.class,
                () -> commits.write(() -> {
                    staleRuns.incrementAndGet();
                    throw stale;
                }));
        assertSame(stale, thrown);
        assertEquals(2, staleRuns.get(), "a second stale snapshot is the write's answer");

        AtomicInteger fullRuns = new AtomicInteger();
        RuntimeException full = sqliteFailure("[SQLITE_FULL] database or disk is full");
        assertSame(
                full,
                assertThrows(
                        RuntimeException.class,
                        () -> commits.write(() -> {
                            fullRuns.incrementAndGet();
                            throw full;
                        })));
        assertEquals(1, fullRuns.get(), "any other failure is answered as it is");
    }

    @Test
    void anErrorInAGroupEndsEveryWriteOfItInsteadOfLeavingThemWaiting() throws Exception {
        CountDownLatch release = holdTheWriter();
        transaction.groups.clear();
        SharedTransaction broken = new SharedTransaction() {
            @Override
            public List<Object> run(List<Supplier<?>> writes) {
                throw new OutOfMemoryError("simulated");
            }
        };
        commits.transaction = broken;
        List<Future<String>> results = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            results.add(requests.submit(() -> commits.write(() -> "never")));
        }
        waitUntilQueued(commits, 3);
        release.countDown();

        for (Future<String> result : results) {
            ExecutionException failed = assertThrows(ExecutionException.class, () -> result.get(30, TimeUnit.SECONDS));
            assertTrue(failed.getCause() instanceof OutOfMemoryError, failed::toString);
        }
    }

    @Test
    void aWriteWaitingLongerThanTheLimitIsRefusedAndTheWritesAfterItStillCommit() throws Exception {
        commits.maxWaitSeconds = 1;
        CountDownLatch release = holdTheWriter();
        Future<String> refused = requests.submit(() -> commits.write(() -> "too late"));

        ExecutionException failed = assertThrows(ExecutionException.class, () -> refused.get(30, TimeUnit.SECONDS));
        ApiException busy = assertInstanceOf(ApiException.class, failed.getCause());
        assertEquals(503, busy.status());
        assertEquals(0, commits.waitingWrites(), "the refused write left the queue");

        Future<String> after = requests.submit(() -> commits.write(() -> "after"));
        release.countDown();
        assertEquals("after", after.get(30, TimeUnit.SECONDS));
    }

    @Test
    void aWriteRunsOnTheWriterThreadWithTheAddressOfTheClientThatAskedForIt() {
        ClientAddress plain = new ClientAddress();
        String[] seen = new String[2];

        commits.write(() -> {
            seen[0] = Thread.currentThread().getName();
            seen[1] = plain.current().orElse("none");
            return null;
        });

        assertEquals("snippets-writer", seen[0]);
        assertEquals("192.0.2.7", seen[1], "the requester's address, carried over to the writer");
    }

    @Test
    void theWriterThreadHasTheHighestJavaPriorityForAJvmThatMapsPrioritiesToTheOs() {
        int priority = commits.write(() -> Thread.currentThread().getPriority());

        assertEquals(Thread.MAX_PRIORITY, priority);
    }

    @Test
    void aStoppedWriterRefusesNewWritesAndFailsTheOnesStillQueued() throws Exception {
        CountDownLatch release = holdTheWriter();
        Future<String> queued = requests.submit(() -> commits.write(() -> "queued"));
        waitUntilQueued(commits, 1);

        commits.stop();
        release.countDown();

        ExecutionException failed = assertThrows(ExecutionException.class, () -> queued.get(30, TimeUnit.SECONDS));
        assertEquals(
                503, assertInstanceOf(ApiException.class, failed.getCause()).status());
        assertEquals(
                503,
                assertThrows(ApiException.class, () -> commits.write(() -> "late"))
                        .status());
    }

    @Test
    void aSubmittedWriteTheWriterReachesAfterTheLimitIsRefusedWithoutRunning() throws Exception {
        commits.maxWaitSeconds = 1;
        AtomicLong ticks = new AtomicLong();
        commits.ticks = ticks::get;
        CountDownLatch release = holdTheWriter();
        boolean[] ran = new boolean[1];
        CompletableFuture<String> late = commits.submit(() -> {
                    ran[0] = true;
                    return "too late";
                })
                .toCompletableFuture();
        ticks.addAndGet(TimeUnit.MILLISECONDS.toNanos(1_001)); // the writer is held past the limit
        release.countDown();

        ExecutionException failed = assertThrows(ExecutionException.class, () -> late.get(30, TimeUnit.SECONDS));
        assertEquals(
                503, assertInstanceOf(ApiException.class, failed.getCause()).status());
        assertFalse(ran[0], "a write refused for waiting too long is not run");
        assertEquals(
                "in time", commits.submit(() -> "in time").toCompletableFuture().get(30, TimeUnit.SECONDS));
    }
}
