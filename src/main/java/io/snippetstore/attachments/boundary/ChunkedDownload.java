package io.snippetstore.attachments.boundary;

import java.io.IOException;
import java.io.OutputStream;

import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.attachments.entity.AttachmentChunk;
import jakarta.ws.rs.core.StreamingOutput;

/**
 * Writes a byte range of an attachment chunk by chunk, each read in its own short call, so
 * a slow client holds no transaction and memory holds one chunk. An attachment deleted
 * mid-download ends the response early, which the client sees against {@code Content-Length}.
 */
final class ChunkedDownload implements StreamingOutput {

    private final Attachments attachments;
    private final String attachmentId;
    private final ByteRange range;

    ChunkedDownload(Attachments attachments, String attachmentId, ByteRange range) {
        this.attachments = attachments;
        this.attachmentId = attachmentId;
        this.range = range;
    }

    @Override
    public void write(OutputStream output) throws IOException {
        long ordinal = range.first() / AttachmentChunk.SIZE;
        int skip = (int) (range.first() % AttachmentChunk.SIZE);
        long remaining = range.length();
        while (remaining > 0) {
            byte[] chunk = attachments.findChunk(attachmentId, ordinal++)
                    .orElseThrow(() -> new IOException("The attachment was deleted during its download"));
            int length = (int) Math.min(chunk.length - skip, remaining);
            output.write(chunk, skip, length);
            remaining -= length;
            skip = 0;
        }
    }
}
