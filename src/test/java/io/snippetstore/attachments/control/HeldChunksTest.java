package io.snippetstore.attachments.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HeldChunksTest {

    private static final long MIB = 1L << 20;
    private static final Duration NEVER_STALLED = Duration.ofHours(1);
    private static final byte[] CHUNK = new byte[(int) MIB];

    static {
        new Random(33).nextBytes(CHUNK);
    }

    private final ExecutorService writers = Executors.newFixedThreadPool(2);

    @AfterEach
    void stopWriters() {
        writers.shutdownNow();
    }

    /** An output that notes how many permits were left during each write. */
    private static final class PermitsDuringWrites extends ByteArrayOutputStream {
        final HeldChunks bound;
        final List<Integer> left = Collections.synchronizedList(new ArrayList<>());

        PermitsDuringWrites(HeldChunks bound) {
            this.bound = bound;
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            left.add(bound.available());
            super.write(bytes, offset, length);
        }
    }

    /** Reads {@link #CHUNK}, counting its reads. */
    private static final class CountedReads implements Supplier<Optional<List<byte[]>>> {
        final AtomicInteger reads = new AtomicInteger();

        @Override
        public Optional<List<byte[]>> get() {
            reads.incrementAndGet();
            return chunk();
        }
    }

    /** {@link #CHUNK} as it is read, in slices. */
    private static Optional<List<byte[]>> chunk() {
        return Optional.of(slices(CHUNK));
    }

    private static List<byte[]> slices(byte[] chunk) {
        List<byte[]> slices = new ArrayList<>();
        for (int from = 0; from < chunk.length; from += ChunkStatements.SLICE) {
            slices.add(Arrays.copyOfRange(chunk, from, Math.min(from + ChunkStatements.SLICE, chunk.length)));
        }
        return slices;
    }

    @Test
    void theChunksHeldTakeASixthOfTheHeapsSizeInDirectBuffers() {
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

        OptionalInt written = new HeldChunks(1, NEVER_STALLED).writer(output).write(HeldChunksTest::chunk, 10, 5);

        assertEquals(OptionalInt.of(5), written);
        assertArrayEquals(Arrays.copyOfRange(CHUNK, 10, 15), output.toByteArray());
    }

    @Test
    void aChunkIsReadOnceAndHeldWithAPermitUntilItsLastSliceIsWritten() throws IOException {
        HeldChunks bound = new HeldChunks(1, NEVER_STALLED);
        CountedReads reads = new CountedReads();
        PermitsDuringWrites output = new PermitsDuringWrites(bound);

        bound.writer(output).write(reads, 0, MIB);

        assertArrayEquals(CHUNK, output.toByteArray());
        assertEquals(1, reads.reads.get());
        assertEquals(Collections.nCopies(16, 0), output.left);
        assertEquals(1, bound.available());
    }

    @Test
    void aChunkIsCopiedWhenReadSoThatTheArraysItWasReadIntoAreNotKept() throws IOException {
        List<byte[]> read = slices(CHUNK);
        ByteArrayOutputStream output = new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] bytes, int offset, int length) {
                super.write(bytes, offset, length);
                read.forEach(slice -> Arrays.fill(slice, (byte) 0));
            }
        };

        new HeldChunks(1, NEVER_STALLED).writer(output).write(() -> Optional.of(read), 0, MIB);

        assertArrayEquals(CHUNK, output.toByteArray());
    }

    @Test
    void theBuffersChunksAreHeldInAreReusedOneForEachPermit() throws IOException {
        HeldChunks bound = new HeldChunks(1, NEVER_STALLED);
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        HeldChunks.Writer writer = bound.writer(output);

        for (int chunk = 0; chunk < 3; chunk++) {
            writer.write(HeldChunksTest::chunk, 0, MIB);
        }
        bound.writer(new ByteArrayOutputStream()).write(HeldChunksTest::chunk, 0, MIB);

        assertEquals(3 * MIB, output.size());
        assertEquals(1, bound.buffers());
    }

    @Test
    void aChunkGoneIsToldAndItsPermitGivenBack() throws IOException {
        HeldChunks bound = new HeldChunks(1, NEVER_STALLED);

        OptionalInt written = bound.writer(new ByteArrayOutputStream()).write(Optional::empty, 0, MIB);

        assertTrue(written.isEmpty());
        assertEquals(1, bound.available());
    }

    @Test
    void aChunkWhoseReadFailsGivesItsPermitBack() {
        HeldChunks bound = new HeldChunks(1, NEVER_STALLED);

        assertThrows(
                IllegalStateException.class,
                () -> bound.writer(new ByteArrayOutputStream())
                        .write(
                                () -> {
                                    throw new IllegalStateException("the database is gone");
                                },
                                0,
                                MIB));
        assertEquals(1, bound.available());
    }

    @Test
    void aChunkShorterThanTheOffsetAskedForFailsAndGivesItsPermitAndBufferBack() throws IOException {
        HeldChunks bound = new HeldChunks(1, NEVER_STALLED);

        assertThrows(
                IndexOutOfBoundsException.class,
                () -> bound.writer(new ByteArrayOutputStream())
                        .write(() -> Optional.of(List.of(new byte[10])), 20, MIB));
        assertEquals(1, bound.available());
        bound.writer(new ByteArrayOutputStream()).write(HeldChunksTest::chunk, 0, MIB);
        assertEquals(1, bound.buffers(), "the failed writer's buffer was used again");
    }

    @Test
    void aClientGoneMidChunkGivesItsPermitBack() {
        HeldChunks bound = new HeldChunks(1, NEVER_STALLED);
        OutputStream gone = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Connection reset");
            }
        };

        assertThrows(IOException.class, () -> bound.writer(gone).write(HeldChunksTest::chunk, 0, MIB));
        assertEquals(1, bound.available());
    }

    @Test
    void aWriterWaitsWithoutReadingWhileAnotherHoldsTheLastPermit() throws Exception {
        HeldChunks bound = new HeldChunks(1, NEVER_STALLED);
        CountDownLatch firstHoldsAChunk = new CountDownLatch(1);
        CountDownLatch letFirstGoOn = new CountDownLatch(1);
        Supplier<Optional<List<byte[]>>> holding = () -> {
            firstHoldsAChunk.countDown();
            await(letFirstGoOn);
            return chunk();
        };
        CountedReads second = new CountedReads();

        Future<byte[]> first = writers.submit(written(bound, holding));
        assertTrue(firstHoldsAChunk.await(10, TimeUnit.SECONDS));
        Future<byte[]> waiting = writers.submit(written(bound, second));
        awaitWaiting(bound);
        assertEquals(0, second.reads.get());

        letFirstGoOn.countDown();
        assertArrayEquals(CHUNK, first.get(10, TimeUnit.SECONDS));
        assertArrayEquals(CHUNK, waiting.get(10, TimeUnit.SECONDS));
        assertEquals(1, second.reads.get());
        assertEquals(1, bound.available());
    }

    @Test
    void aWriterWhoseClientStoppedReadingGivesItsChunkToOneWaitingAndReadsItAgainLater() throws Exception {
        HeldChunks bound = new HeldChunks(1, Duration.ofMillis(20));
        CountDownLatch stalledWriting = new CountDownLatch(1);
        CountDownLatch clientReadsAgain = new CountDownLatch(1);
        ByteArrayOutputStream stalledClient = new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] bytes, int offset, int length) {
                stalledWriting.countDown();
                await(clientReadsAgain);
                super.write(bytes, offset, length);
            }
        };
        CountedReads stalledReads = new CountedReads();

        Future<?> stalled = writers.submit(() -> write(bound.writer(stalledClient), stalledReads));
        assertTrue(stalledWriting.await(10, TimeUnit.SECONDS));
        byte[] other = writers.submit(written(bound, HeldChunksTest::chunk)).get(10, TimeUnit.SECONDS);

        assertArrayEquals(CHUNK, other, "written while the stalled client still does not read");
        assertEquals(1, bound.available());
        clientReadsAgain.countDown();
        stalled.get(10, TimeUnit.SECONDS);
        assertArrayEquals(CHUNK, stalledClient.toByteArray());
        assertEquals(2, stalledReads.reads.get(), "read again after it was taken");
        assertEquals(1, bound.available());
        assertEquals(1, bound.buffers(), "the buffer taken was given back and used again");
    }

    @Test
    void aWriterInterruptedWhileWaitingForAPermitEndsWithoutReading() {
        CountedReads reads = new CountedReads();
        HeldChunks.Writer writer = new HeldChunks(0, NEVER_STALLED).writer(new ByteArrayOutputStream());
        Thread.currentThread().interrupt();
        try {
            assertThrows(InterruptedIOException.class, () -> writer.write(reads, 0, MIB));
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt is kept for the thread's owner");
        }
        assertEquals(0, reads.reads.get());
    }

    private static Callable<byte[]> written(HeldChunks bound, Supplier<Optional<List<byte[]>>> chunk) {
        return () -> {
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            write(bound.writer(output), chunk);
            return output.toByteArray();
        };
    }

    private static void write(HeldChunks.Writer writer, Supplier<Optional<List<byte[]>>> chunk) {
        try {
            writer.write(chunk, 0, MIB);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void awaitWaiting(HeldChunks bound) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!bound.anyWaiting() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertTrue(bound.anyWaiting(), "a writer waits for a permit");
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
