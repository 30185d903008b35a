package io.snippetstore.attachments.boundary;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.function.LongFunction;

import io.snippetstore.attachments.entity.AttachmentChunk;
import jakarta.ws.rs.core.StreamingOutput;

/**
 * Writes a byte range of an attachment chunk by chunk, each read in its own short call, so
 * a slow client holds no transaction and memory holds one chunk. An attachment deleted
 * mid-download ends the response early, which the client sees against {@code Content-Length}.
 * <p>
 * A chunk lives as long as its client takes to read it, about a second at 1 MB/s, so what
 * slow downloads hold grows with their number: {@link HeldChunks} bounds it, and a download
 * waits for a permit before it reads its next chunk.
 */
final class ChunkedDownload implements StreamingOutput {

    /**
     * The most written at once. Payara's Grizzly copies what the socket cannot take at once and
     * keeps the copy until the client has read it: a whole chunk's copy, for a client reading at
     * 1 MB/s, lives about a second, long enough to be copied again by every young collection.
     * Payara Micro's preboot file bounds how many such copies a connection may queue.
     */
    static final int SLICE = 64 * 1024;

    private final LongFunction<Optional<byte[]>> chunks;
    private final ByteRange range;
    private final Semaphore heldChunks;

    /**
     * @param chunks     reads the chunk of an ordinal, empty once the attachment is gone
     * @param heldChunks one permit for each chunk held by any download
     */
    ChunkedDownload(LongFunction<Optional<byte[]>> chunks, ByteRange range, Semaphore heldChunks) {
        this.chunks = chunks;
        this.range = range;
        this.heldChunks = heldChunks;
    }

    /**
     * Each slice goes out from a buffer of the download's own rather than from the chunk: Grizzly
     * keeps a reference to the last array it was handed after the write returns, which would keep
     * the chunk alive after its permit is given back.
     */
    @Override
    public void write(OutputStream output) throws IOException {
        byte[] slice = new byte[SLICE];
        long ordinal = range.first() / AttachmentChunk.SIZE;
        int skip = (int) (range.first() % AttachmentChunk.SIZE);
        long remaining = range.length();
        while (remaining > 0) {
            acquirePermit();
            try {
                byte[] chunk = chunks.apply(ordinal++)
                        .orElseThrow(() -> new IOException("The attachment was deleted during its download"));
                int length = (int) Math.min(chunk.length - skip, remaining);
                for (int at = skip, end = skip + length; at < end; at += SLICE) {
                    int sliceLength = Math.min(SLICE, end - at);
                    System.arraycopy(chunk, at, slice, 0, sliceLength);
                    output.write(slice, 0, sliceLength);
                }
                remaining -= length;
                skip = 0;
            } finally {
                heldChunks.release();
            }
        }
    }

    private void acquirePermit() throws InterruptedIOException {
        try {
            heldChunks.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while waiting to read the next chunk");
        }
    }
}
