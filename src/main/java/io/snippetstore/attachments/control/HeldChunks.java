package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

import io.snippetstore.attachments.entity.AttachmentChunk;

/**
 * Bounds the attachment chunks that downloads and exports hold at once. A chunk lives as long as
 * its client takes to read it, about a second at 1 MB/s, so without a bound what slow clients hold
 * grows with their number: 200 of them held 400 MiB of a 512 MiB heap and stopped every other
 * request. Together they may hold chunks worth a third of the heap; a writer beyond that waits for
 * a permit before it reads its next chunk.
 */
public final class HeldChunks {

    /**
     * What one chunk costs the heap. Up to 4 GiB of heap G1's regions are at most 2 MiB, so an
     * array of a chunk plus its header is "humongous" and takes two 1 MiB regions or one of 2 MiB.
     */
    static final long COST = 2L * AttachmentChunk.SIZE;

    /**
     * The most written at once. Payara's Grizzly copies what the socket cannot take at once and
     * keeps the copy until the client has read it: a whole chunk's copy, for a client reading at
     * 1 MB/s, lives about a second, long enough to be copied again by every young collection.
     * Payara Micro's preboot file bounds how many such copies a connection may queue.
     */
    public static final int SLICE = 64 * 1024;

    /** This deployment's bound; fair, so that a writer waiting for its next chunk is not passed by later ones. */
    public static final HeldChunks SHARED = new HeldChunks(new Semaphore(permitsFor(Runtime.getRuntime().maxMemory()), true));

    private final Semaphore permits;

    /** @param permits one for each chunk that may be held at once */
    public HeldChunks(Semaphore permits) {
        this.permits = permits;
    }

    static int permitsFor(long maxHeap) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, maxHeap / 3 / COST));
    }

    /**
     * Writes at most {@code atMost} bytes of a chunk from {@code skip} on, holding a permit while
     * the chunk is held. Each slice goes out copied into {@code slice}, a buffer of the writer's
     * own of {@link #SLICE} bytes, never from the chunk: Grizzly keeps a reference to the last
     * array a write was handed after the write returns, which would keep the chunk alive after its
     * permit is given back.
     *
     * @param chunk reads the chunk, empty once the attachment is gone
     * @return the bytes written, empty when the chunk is gone
     */
    public OptionalInt write(Supplier<Optional<byte[]>> chunk, int skip, long atMost, byte[] slice, OutputStream output)
            throws IOException {
        acquire();
        try {
            Optional<byte[]> read = chunk.get();
            if (read.isEmpty()) {
                return OptionalInt.empty();
            }
            byte[] bytes = read.get();
            int length = (int) Math.min(bytes.length - skip, atMost);
            for (int at = skip, end = skip + length; at < end; at += slice.length) {
                int sliceLength = Math.min(slice.length, end - at);
                System.arraycopy(bytes, at, slice, 0, sliceLength);
                output.write(slice, 0, sliceLength);
            }
            return OptionalInt.of(length);
        } finally {
            permits.release();
        }
    }

    private void acquire() throws InterruptedIOException {
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while waiting to read the next chunk");
        }
    }
}
