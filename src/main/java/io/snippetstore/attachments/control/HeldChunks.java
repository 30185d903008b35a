package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.time.Duration;
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
    static final int SLICE = 64 * 1024;

    /**
     * A slice whose write waits this long marks a client far slower than 1 MB/s, or one that
     * stopped reading: its writer lets go of the chunk before it writes the next slice and reads it
     * again for the one after, for as long as its writes stay this slow, so that such clients
     * cannot keep the others waiting for permits.
     */
    static final Duration SLOW_WRITE = Duration.ofSeconds(1);

    /** This deployment's bound; fair, so that a writer waiting for its next chunk is not passed by later ones. */
    public static final HeldChunks SHARED = new HeldChunks(new Semaphore(permitsFor(Runtime.getRuntime().maxMemory()), true), SLOW_WRITE);

    private final Semaphore permits;
    private final long slowWriteNanos;

    /**
     * @param permits   one for each chunk that may be held at once
     * @param slowWrite a slice written this slowly makes its writer hold no chunk while it writes
     */
    public HeldChunks(Semaphore permits, Duration slowWrite) {
        this.permits = permits;
        this.slowWriteNanos = slowWrite.toNanos();
    }

    static int permitsFor(long maxHeap) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, maxHeap / 3 / COST));
    }

    /** A writer of chunks to one client. */
    public Writer writer(OutputStream output) {
        return new Writer(output);
    }

    /**
     * Writes chunks to one client, each slice copied into a buffer of its own, never from the
     * chunk: Grizzly keeps a reference to the last array a write was handed after the write
     * returns, which would keep the chunk alive after its permit is given back.
     */
    public final class Writer {

        private final OutputStream output;
        private final byte[] slice = new byte[SLICE];
        private boolean slowClient;

        private Writer(OutputStream output) {
            this.output = output;
        }

        /**
         * Writes at most {@code atMost} bytes of a chunk from {@code skip}, an offset within it, on.
         *
         * @param chunk reads the chunk, empty once the attachment is gone
         * @return the bytes written, empty when the chunk is gone
         */
        public OptionalInt write(Supplier<Optional<byte[]>> chunk, int skip, long atMost) throws IOException {
            boolean permitHeld = false;
            try {
                byte[] held = null;
                long length = atMost;
                long written = 0;
                do {
                    if (held == null) {
                        acquire();
                        permitHeld = true;
                        Optional<byte[]> read = chunk.get();
                        if (read.isEmpty()) {
                            return OptionalInt.empty();
                        }
                        held = read.get();
                        length = Math.min(held.length - skip, atMost);
                    }
                    int sliceLength = (int) Math.min(SLICE, length - written);
                    System.arraycopy(held, skip + (int) written, slice, 0, sliceLength);
                    if (slowClient) {
                        held = null;
                        permits.release();
                        permitHeld = false;
                    }
                    long started = System.nanoTime();
                    output.write(slice, 0, sliceLength);
                    slowClient = System.nanoTime() - started >= slowWriteNanos;
                    written += sliceLength;
                } while (written < length);
                return OptionalInt.of((int) length);
            } finally {
                if (permitHeld) {
                    permits.release();
                }
            }
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
