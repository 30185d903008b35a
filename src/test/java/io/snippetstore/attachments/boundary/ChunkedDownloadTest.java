package io.snippetstore.attachments.boundary;

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
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongFunction;

import io.snippetstore.attachments.entity.AttachmentChunk;
import org.junit.jupiter.api.Test;

class ChunkedDownloadTest {

    /** An output stream that remembers how much each write handed it. */
    private static final class RecordingOutput extends ByteArrayOutputStream {
        final List<Integer> writes = new ArrayList<>();
        final Set<byte[]> arrays = Collections.newSetFromMap(new IdentityHashMap<>());

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            writes.add(length);
            arrays.add(bytes);
            super.write(bytes, offset, length);
        }
    }

    private static final byte[] CONTENT = new byte[2 * AttachmentChunk.SIZE + 1000];

    static {
        new Random(33).nextBytes(CONTENT);
    }

    private static Optional<byte[]> chunk(long ordinal) {
        int from = (int) ordinal * AttachmentChunk.SIZE;
        return from >= CONTENT.length ? Optional.empty()
                : Optional.of(Arrays.copyOfRange(CONTENT, from, Math.min(from + AttachmentChunk.SIZE, CONTENT.length)));
    }

    @Test
    void aRangeAcrossChunksIsWrittenWholeInSlicesNoLargerThanTheSlice() throws IOException {
        ByteRange range = new ByteRange(AttachmentChunk.SIZE - 100, CONTENT.length - 1);
        RecordingOutput output = new RecordingOutput();

        new ChunkedDownload(ChunkedDownloadTest::chunk, range, new Semaphore(1)).write(output);

        assertArrayEquals(Arrays.copyOfRange(CONTENT, (int) range.first(), CONTENT.length), output.toByteArray());
        assertTrue(output.writes.stream().allMatch(length -> length > 0 && length <= ChunkedDownload.SLICE), output.writes::toString);
    }

    @Test
    void anAttachmentDeletedDuringItsDownloadEndsItWithAnError() {
        ByteRange pastTheStoredChunks = new ByteRange(0, CONTENT.length + AttachmentChunk.SIZE);

        assertThrows(IOException.class, () -> new ChunkedDownload(ChunkedDownloadTest::chunk, pastTheStoredChunks, new Semaphore(1))
                .write(new ByteArrayOutputStream()));
    }

    @Test
    void theOutputIsHandedOneBufferOfTheDownloadsOwnAndNeverAChunk() throws IOException {
        List<byte[]> chunksRead = new ArrayList<>();
        LongFunction<Optional<byte[]>> remembering = ordinal -> {
            Optional<byte[]> chunk = chunk(ordinal);
            chunk.ifPresent(chunksRead::add);
            return chunk;
        };
        RecordingOutput output = new RecordingOutput();

        new ChunkedDownload(remembering, new ByteRange(0, CONTENT.length - 1), new Semaphore(1)).write(output);

        assertArrayEquals(CONTENT, output.toByteArray());
        assertEquals(1, output.arrays.size(), "arrays handed to the output");
        assertTrue(chunksRead.stream().noneMatch(output.arrays::contains));
    }

    @Test
    void aChunkIsReadOnlyWithAPermitWhichIsGivenBackWhenItsSlicesAreWritten() throws IOException {
        Semaphore permits = new Semaphore(1);
        List<Integer> permitsLeftWhileReading = new ArrayList<>();
        LongFunction<Optional<byte[]>> counting = ordinal -> {
            permitsLeftWhileReading.add(permits.availablePermits());
            return chunk(ordinal);
        };

        new ChunkedDownload(counting, new ByteRange(0, CONTENT.length - 1), permits).write(new ByteArrayOutputStream());

        assertEquals(List.of(0, 0, 0), permitsLeftWhileReading);
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

        assertThrows(IOException.class, () -> new ChunkedDownload(ChunkedDownloadTest::chunk, new ByteRange(0, 10), permits).write(gone));
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aDeletedAttachmentGivesItsPermitBack() {
        Semaphore permits = new Semaphore(1);

        assertThrows(IOException.class, () -> new ChunkedDownload(ordinal -> Optional.empty(), new ByteRange(0, 10), permits)
                .write(new ByteArrayOutputStream()));
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aDownloadWaitsWithoutReadingWhileAnotherHoldsTheLastPermit() throws Exception {
        Semaphore permits = new Semaphore(1);
        CountDownLatch firstHoldsAChunk = new CountDownLatch(1);
        CountDownLatch letFirstGoOn = new CountDownLatch(1);
        LongFunction<Optional<byte[]>> held = ordinal -> {
            firstHoldsAChunk.countDown();
            await(letFirstGoOn);
            return chunk(ordinal);
        };
        AtomicBoolean secondRead = new AtomicBoolean();
        LongFunction<Optional<byte[]>> second = ordinal -> {
            secondRead.set(true);
            return chunk(ordinal);
        };
        ByteRange firstChunk = new ByteRange(0, AttachmentChunk.SIZE - 1);

        ExecutorService downloads = Executors.newFixedThreadPool(2);
        try {
            Future<?> first = downloads.submit(() -> write(new ChunkedDownload(held, firstChunk, permits)));
            assertTrue(firstHoldsAChunk.await(10, TimeUnit.SECONDS));
            Future<?> waiting = downloads.submit(() -> write(new ChunkedDownload(second, firstChunk, permits)));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!permits.hasQueuedThreads() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertTrue(permits.hasQueuedThreads(), "the second download waits for a permit");
            assertFalse(secondRead.get());

            letFirstGoOn.countDown();
            first.get(10, TimeUnit.SECONDS);
            waiting.get(10, TimeUnit.SECONDS);
        } finally {
            downloads.shutdownNow();
        }
        assertTrue(secondRead.get());
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aDownloadInterruptedWhileWaitingForAPermitEndsWithoutReading() {
        AtomicBoolean read = new AtomicBoolean();
        Thread.currentThread().interrupt();
        try {
            assertThrows(InterruptedIOException.class, () -> new ChunkedDownload(ordinal -> {
                read.set(true);
                return chunk(ordinal);
            }, new ByteRange(0, 10), new Semaphore(0)).write(new ByteArrayOutputStream()));
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt is kept for the thread's owner");
        }
        assertFalse(read.get());
    }

    private static void write(ChunkedDownload download) {
        try {
            download.write(new ByteArrayOutputStream());
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
