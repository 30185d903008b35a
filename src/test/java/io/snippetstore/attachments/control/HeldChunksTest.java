package io.snippetstore.attachments.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

class HeldChunksTest {

    private static final long MIB = 1L << 20;
    private static final Duration NEVER_SLOW = Duration.ofHours(1);
    private static final Duration ALWAYS_SLOW = Duration.ZERO;
    private static final byte[] CHUNK = new byte[(int) MIB];

    static {
        new Random(33).nextBytes(CHUNK);
    }

    /** An output that notes how many permits were left during each write. */
    private static final class PermitsDuringWrites extends ByteArrayOutputStream {
        final Semaphore permits;
        final List<Integer> left = Collections.synchronizedList(new ArrayList<>());

        PermitsDuringWrites(Semaphore permits) {
            this.permits = permits;
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            left.add(permits.availablePermits());
            super.write(bytes, offset, length);
        }
    }

    private static Optional<byte[]> chunk() {
        return Optional.of(CHUNK);
    }

    @Test
    void theChunksHeldFitInAThirdOfTheHeapAtTwoMebibytesEach() {
        assertEquals(85, HeldChunks.permitsFor(512 * MIB));
        assertEquals(341, HeldChunks.permitsFor(2048 * MIB));
    }

    @Test
    void aHeapTooSmallForOneChunkStillLetsOneWriterGoOn() {
        assertEquals(1, HeldChunks.permitsFor(4 * MIB));
    }

    @Test
    void writesAtMostWhatIsAskedFromTheSkippedOffset() throws IOException {
        ByteArrayOutputStream output = new ByteArrayOutputStream();

        OptionalInt written = new HeldChunks(new Semaphore(1), NEVER_SLOW).writer(output).write(HeldChunksTest::chunk, 10, 5);

        assertEquals(OptionalInt.of(5), written);
        assertArrayEquals(Arrays.copyOfRange(CHUNK, 10, 15), output.toByteArray());
    }

    @Test
    void aFastClientsChunkIsReadOnceAndHeldWithAPermitUntilItsLastSliceIsWritten() throws IOException {
        Semaphore permits = new Semaphore(1);
        AtomicInteger reads = new AtomicInteger();
        PermitsDuringWrites output = new PermitsDuringWrites(permits);

        new HeldChunks(permits, NEVER_SLOW).writer(output).write(() -> {
            reads.incrementAndGet();
            return chunk();
        }, 0, MIB);

        assertArrayEquals(CHUNK, output.toByteArray());
        assertEquals(1, reads.get());
        assertEquals(Collections.nCopies(16, 0), output.left);
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aSlowClientsWriterReadsTheChunkAgainForEachSliceAndHoldsNoPermitWhileItWaits() throws IOException {
        Semaphore permits = new Semaphore(1);
        AtomicInteger reads = new AtomicInteger();
        PermitsDuringWrites output = new PermitsDuringWrites(permits);
        HeldChunks.Writer writer = new HeldChunks(permits, ALWAYS_SLOW).writer(output);
        Supplier<Optional<byte[]>> counted = () -> {
            reads.incrementAndGet();
            return chunk();
        };

        writer.write(counted, 0, MIB);
        writer.write(counted, 0, 2 * HeldChunks.SLICE);

        assertArrayEquals(CHUNK, Arrays.copyOf(output.toByteArray(), (int) MIB));
        assertArrayEquals(Arrays.copyOf(CHUNK, 2 * HeldChunks.SLICE), Arrays.copyOfRange(output.toByteArray(), (int) MIB, output.size()));
        assertEquals(0, output.left.get(0), "the first slice, before the client is known to be slow");
        assertEquals(Collections.nCopies(17, 1), output.left.subList(1, 18), "every later slice, the next chunk's too");
        assertEquals(15 + 2, reads.get(), "one read for the first two slices, then one for each");
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aChunkGoneIsToldAndItsPermitGivenBack() throws IOException {
        Semaphore permits = new Semaphore(1);

        OptionalInt written = new HeldChunks(permits, NEVER_SLOW).writer(new ByteArrayOutputStream()).write(Optional::empty, 0, MIB);

        assertTrue(written.isEmpty());
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aClientGoneMidChunkGivesItsPermitBack() {
        Semaphore permits = new Semaphore(1);
        OutputStream gone = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Connection reset");
            }
        };

        assertThrows(IOException.class, () -> new HeldChunks(permits, NEVER_SLOW).writer(gone).write(HeldChunksTest::chunk, 0, MIB));
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aWriterWaitsWithoutReadingWhileAnotherHoldsTheLastPermit() throws Exception {
        Semaphore permits = new Semaphore(1);
        HeldChunks bounded = new HeldChunks(permits, NEVER_SLOW);
        CountDownLatch firstHoldsAChunk = new CountDownLatch(1);
        CountDownLatch letFirstGoOn = new CountDownLatch(1);
        Supplier<Optional<byte[]>> holding = () -> {
            firstHoldsAChunk.countDown();
            await(letFirstGoOn);
            return chunk();
        };
        AtomicBoolean secondRead = new AtomicBoolean();
        Supplier<Optional<byte[]>> second = () -> {
            secondRead.set(true);
            return chunk();
        };

        ExecutorService writers = Executors.newFixedThreadPool(2);
        try {
            Future<?> first = writers.submit(() -> write(bounded, holding));
            assertTrue(firstHoldsAChunk.await(10, TimeUnit.SECONDS));
            Future<?> waiting = writers.submit(() -> write(bounded, second));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!permits.hasQueuedThreads() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertTrue(permits.hasQueuedThreads(), "the second writer waits for a permit");
            assertFalse(secondRead.get());

            letFirstGoOn.countDown();
            first.get(10, TimeUnit.SECONDS);
            waiting.get(10, TimeUnit.SECONDS);
        } finally {
            writers.shutdownNow();
        }
        assertTrue(secondRead.get());
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aWriterInterruptedWhileWaitingForAPermitEndsWithoutReading() {
        AtomicBoolean read = new AtomicBoolean();
        Supplier<Optional<byte[]>> reading = () -> {
            read.set(true);
            return chunk();
        };
        HeldChunks.Writer writer = new HeldChunks(new Semaphore(0), NEVER_SLOW).writer(new ByteArrayOutputStream());
        Thread.currentThread().interrupt();
        try {
            assertThrows(InterruptedIOException.class, () -> writer.write(reading, 0, MIB));
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt is kept for the thread's owner");
        }
        assertFalse(read.get());
    }

    private static void write(HeldChunks held, Supplier<Optional<byte[]>> chunk) {
        try {
            held.writer(new ByteArrayOutputStream()).write(chunk, 0, MIB);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
