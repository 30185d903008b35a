package io.snippetstore.attachments.boundary;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import java.util.function.LongFunction;

import io.snippetstore.attachments.entity.AttachmentChunk;
import jakarta.ws.rs.core.StreamingOutput;

/**
 * Writes a byte range of an attachment chunk by chunk, each read in its own short call, so
 * a slow client holds no transaction and memory holds one chunk. An attachment deleted
 * mid-download ends the response early, which the client sees against {@code Content-Length}.
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

    /** @param chunks reads the chunk of an ordinal, empty once the attachment is gone */
    ChunkedDownload(LongFunction<Optional<byte[]>> chunks, ByteRange range) {
        this.chunks = chunks;
        this.range = range;
    }

    @Override
    public void write(OutputStream output) throws IOException {
        long ordinal = range.first() / AttachmentChunk.SIZE;
        int skip = (int) (range.first() % AttachmentChunk.SIZE);
        long remaining = range.length();
        while (remaining > 0) {
            byte[] chunk = chunks.apply(ordinal++)
                    .orElseThrow(() -> new IOException("The attachment was deleted during its download"));
            int length = (int) Math.min(chunk.length - skip, remaining);
            for (int at = skip, end = skip + length; at < end; at += SLICE) {
                output.write(chunk, at, Math.min(SLICE, end - at));
            }
            remaining -= length;
            skip = 0;
        }
    }
}
