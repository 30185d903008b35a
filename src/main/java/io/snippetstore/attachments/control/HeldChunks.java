package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.snippetstore.attachments.entity.AttachmentChunk;

/**
 * Holds the attachment chunks that downloads and exports write, and bounds how many are held at
 * once. A chunk lives as long as its client takes to read it, about a second at 1 MB/s.
 * <p>
 * Each chunk is copied out of the arrays it was read into ({@link ChunkStatements#SLICE} each),
 * into a direct buffer kept for reuse, so that the arrays die at once. Held on the heap, a
 * second-long 1 MiB array is "humongous" to G1 at up to 4 GiB of heap: 100 downloads at 1 MB/s
 * kept old-generation occupancy above G1's threshold, so that nearly every chunk read started
 * another concurrent marking cycle, which took the CPU the other requests needed.
 * <p>
 * Without a bound what slow clients hold grows with their number: when chunks were held on the
 * heap, 200 of them held 400 MiB of a 512 MiB heap and stopped every other request. So a writer
 * waits for a permit before it reads its next chunk.
 * <p>
 * A client that stops reading would keep its permit as long as its write waits (about 30 s on
 * Payara, Grizzly's write timeout; longer for one that trickles), and enough of them would keep
 * every other download waiting. So a writer that waits for a permit takes the chunk, and its permit, from any
 * writer whose write has waited {@link #STALLED} or longer; that writer reads its chunk again when
 * its write returns.
 */
public final class HeldChunks {

    /**
     * Held chunks may take this share of the heap's size in direct buffers (85 at 512 MiB): a JVM
     * allows by default as much direct memory as heap, and the servers' own I/O buffers share it.
     * As many as the third of the heap they were allowed when they were held on it, at 2 MiB of
     * G1 regions each.
     */
    static final int HEAP_SHARE = 6;

    /**
     * The most written at once. Payara's Grizzly copies what the socket cannot take at once and
     * keeps the copy until the client has read it: a whole chunk's copy, for a client reading at
     * 1 MB/s, lives about a second, long enough to be copied again by every young collection.
     * Payara Micro's preboot file bounds how many such copies a connection may queue.
     */
    static final int SLICE = 64 * 1024;

    /** A write of one slice that has waited this long marks a client far slower than 1 MB/s. */
    static final Duration STALLED = Duration.ofSeconds(1);

    /** This deployment's bound; fair, so that a writer waiting for its next chunk is not passed by later ones. */
    public static final HeldChunks SHARED =
            new HeldChunks(permitsFor(Runtime.getRuntime().maxMemory()), STALLED);

    private final Semaphore permits;
    private final long stalledNanos;
    private final Set<Writer> writing = ConcurrentHashMap.newKeySet();
    /** Buffers no chunk is held in; never more, with those held, than the permits. */
    private final Queue<ByteBuffer> spare = new ConcurrentLinkedQueue<>();

    private final AtomicInteger buffers = new AtomicInteger();

    /**
     * @param permits chunks that may be held at once
     * @param stalled a write that has waited this long gives up its chunk to a writer waiting for one
     */
    public HeldChunks(int permits, Duration stalled) {
        this.permits = new Semaphore(permits, true);
        this.stalledNanos = stalled.toNanos();
    }

    static int permitsFor(long maxHeap) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, maxHeap / HEAP_SHARE / AttachmentChunk.SIZE));
    }

    /** Permits not held, for tests. */
    int available() {
        return permits.availablePermits();
    }

    /** Whether a writer waits for a permit, for tests. */
    boolean anyWaiting() {
        return permits.hasQueuedThreads();
    }

    /** Direct buffers allocated, for tests. */
    int buffers() {
        return buffers.get();
    }

    /** A writer of chunks to one client. */
    public Writer writer(OutputStream output) {
        return new Writer(output);
    }

    /**
     * Copies a chunk, read in slices, into a buffer of its own, with a permit.
     *
     * @return the chunk, read to its limit; empty, its permit given back, when the chunk is gone
     */
    private Optional<ByteBuffer> hold(Supplier<Optional<List<byte[]>>> chunk) throws InterruptedIOException {
        acquire();
        Optional<ByteBuffer> held = Optional.empty();
        try {
            held = chunk.get().map(this::copy);
            return held;
        } finally {
            if (held.isEmpty()) { // gone, or its read failed
                permits.release();
            }
        }
    }

    private ByteBuffer copy(List<byte[]> slices) {
        ByteBuffer buffer = spare.poll();
        if (buffer == null) {
            buffer = ByteBuffer.allocateDirect(AttachmentChunk.SIZE);
            buffers.incrementAndGet();
        }
        buffer.clear();
        slices.forEach(buffer::put); // no chunk is larger than its size (AttachmentChunk)
        return buffer.flip();
    }

    private void release(ByteBuffer held) {
        spare.add(held);
        permits.release();
    }

    private void acquire() throws InterruptedIOException {
        try {
            while (!permits.tryAcquire(stalledNanos, TimeUnit.NANOSECONDS)) {
                writing.forEach(Writer::giveUpIfStalled);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while waiting to read the next chunk");
        }
    }

    /**
     * Writes chunks to one client, each slice copied into an array of its own, never handed the
     * chunk: Grizzly keeps a reference to the last array a write was handed after the write
     * returns. While a slice is written the chunk is held in {@link #held} and nowhere else, so
     * that it can be taken away; whoever takes it from there gives back its buffer and permit.
     */
    public final class Writer {

        private final OutputStream output;
        private final byte[] slice = new byte[SLICE];
        private final AtomicReference<ByteBuffer> held = new AtomicReference<>();
        private volatile long writingSince;

        private Writer(OutputStream output) {
            this.output = output;
        }

        /**
         * Writes at most {@code atMost} bytes of a chunk from {@code skip}, an offset within it, on.
         *
         * @param chunk reads the chunk's slices, in order, empty once the attachment is gone
         * @return the bytes written, empty when the chunk is gone
         */
        public OptionalInt write(Supplier<Optional<List<byte[]>>> chunk, int skip, long atMost) throws IOException {
            writing.add(this);
            try {
                long length = atMost;
                long written = 0;
                do {
                    ByteBuffer bytes = held.getAndSet(
                            null); // taken from held while the slice is copied, so that it cannot be taken away
                    if (bytes == null) {
                        Optional<ByteBuffer> read = hold(chunk);
                        if (read.isEmpty()) {
                            return OptionalInt.empty();
                        }
                        bytes = read.get();
                        length = Math.min(bytes.limit() - skip, atMost);
                    }
                    int sliceLength = (int) Math.min(SLICE, length - written);
                    try {
                        bytes.get(skip + (int) written, slice, 0, sliceLength);
                    } finally {
                        held.set(bytes); // given back below even when the copy fails
                    }
                    writingSince = System.nanoTime();
                    try {
                        output.write(slice, 0, sliceLength);
                    } finally {
                        writingSince = 0;
                    }
                    written += sliceLength;
                } while (written < length);
                return OptionalInt.of((int) length);
            } finally {
                writing.remove(this);
                giveUp();
            }
        }

        private void giveUpIfStalled() {
            long since = writingSince;
            if (since != 0 && System.nanoTime() - since >= stalledNanos) {
                giveUp();
            }
        }

        private void giveUp() {
            ByteBuffer bytes = held.getAndSet(null);
            if (bytes != null) {
                release(bytes);
            }
        }
    }
}
