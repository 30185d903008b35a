package io.snippetstore.attachments.boundary;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

import io.snippetstore.attachments.control.HeldChunks;
import io.snippetstore.attachments.entity.AttachmentChunk;
import jakarta.ws.rs.core.StreamingOutput;

/**
 * Writes a byte range of an attachment chunk by chunk, each read in its own short call, so
 * a slow client holds no transaction and memory holds one chunk, within the bound of
 * {@link HeldChunks}. An attachment deleted mid-download ends the response early, which the
 * client sees against {@code Content-Length}.
 */
final class ChunkedDownload implements StreamingOutput {

    private final LongFunction<Optional<List<byte[]>>> chunks;
    private final ByteRange range;
    private final HeldChunks held;

    /** @param chunks reads the slices of the chunk of an ordinal, empty once the attachment is gone */
    ChunkedDownload(LongFunction<Optional<List<byte[]>>> chunks, ByteRange range, HeldChunks held) {
        this.chunks = chunks;
        this.range = range;
        this.held = held;
    }

    @Override
    public void write(OutputStream output) throws IOException {
        HeldChunks.Writer writer = held.writer(output);
        long ordinal = range.first() / AttachmentChunk.SIZE;
        int skip = (int) (range.first() % AttachmentChunk.SIZE);
        long remaining = range.length();
        while (remaining > 0) {
            long next = ordinal++;
            remaining -= writer.write(() -> chunks.apply(next), skip, remaining)
                    .orElseThrow(() -> new IOException("The attachment was deleted during its download"));
            skip = 0;
        }
    }
}
