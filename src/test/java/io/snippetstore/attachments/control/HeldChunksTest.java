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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

class HeldChunksTest {

    private static final long MIB = 1L << 20;
    private static final byte[] CHUNK = new byte[(int) MIB];

    static {
        Arrays.fill(CHUNK, (byte) 7);
        CHUNK[12] = 1;
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

        OptionalInt written = new HeldChunks(new Semaphore(1)).write(HeldChunksTest::chunk, 10, 5, new byte[4], output);

        assertEquals(OptionalInt.of(5), written);
        assertArrayEquals(Arrays.copyOfRange(CHUNK, 10, 15), output.toByteArray());
    }

    @Test
    void aChunkIsReadOnlyWithAPermitWhichIsGivenBackOnceItsSlicesAreWritten() throws IOException {
        Semaphore permits = new Semaphore(1);
        List<Integer> permitsLeftWhileReading = new ArrayList<>();
        Supplier<Optional<byte[]>> counting = () -> {
            permitsLeftWhileReading.add(permits.availablePermits());
            return chunk();
        };

        new HeldChunks(permits).write(counting, 0, MIB, new byte[HeldChunks.SLICE], new ByteArrayOutputStream());

        assertEquals(List.of(0), permitsLeftWhileReading);
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aChunkGoneIsToldAndItsPermitGivenBack() throws IOException {
        Semaphore permits = new Semaphore(1);

        OptionalInt written = new HeldChunks(permits).write(Optional::empty, 0, MIB, new byte[HeldChunks.SLICE], new ByteArrayOutputStream());

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

        assertThrows(IOException.class, () -> new HeldChunks(permits).write(HeldChunksTest::chunk, 0, MIB, new byte[HeldChunks.SLICE], gone));
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aWriterWaitsWithoutReadingWhileAnotherHoldsTheLastPermit() throws Exception {
        Semaphore permits = new Semaphore(1);
        HeldChunks bounded = new HeldChunks(permits);
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
        Thread.currentThread().interrupt();
        try {
            assertThrows(InterruptedIOException.class,
                    () -> new HeldChunks(new Semaphore(0)).write(reading, 0, MIB, new byte[HeldChunks.SLICE], new ByteArrayOutputStream()));
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt is kept for the thread's owner");
        }
        assertFalse(read.get());
    }

    private static void write(HeldChunks held, Supplier<Optional<byte[]>> chunk) {
        try {
            held.write(chunk, 0, MIB, new byte[HeldChunks.SLICE], new ByteArrayOutputStream());
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
