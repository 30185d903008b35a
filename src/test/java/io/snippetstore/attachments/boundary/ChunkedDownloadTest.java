package io.snippetstore.attachments.boundary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import io.snippetstore.attachments.entity.AttachmentChunk;
import org.junit.jupiter.api.Test;

class ChunkedDownloadTest {

    /** An output stream that remembers how much each write handed it. */
    private static final class RecordingOutput extends ByteArrayOutputStream {
        final List<Integer> writes = new ArrayList<>();

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            writes.add(length);
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

        new ChunkedDownload(ChunkedDownloadTest::chunk, range).write(output);

        assertArrayEquals(Arrays.copyOfRange(CONTENT, (int) range.first(), CONTENT.length), output.toByteArray());
        assertTrue(output.writes.stream().allMatch(length -> length > 0 && length <= ChunkedDownload.SLICE), output.writes::toString);
    }

    @Test
    void anAttachmentDeletedDuringItsDownloadEndsItWithAnError() {
        ByteRange pastTheStoredChunks = new ByteRange(0, CONTENT.length + AttachmentChunk.SIZE);

        assertThrows(IOException.class, () -> new ChunkedDownload(ChunkedDownloadTest::chunk, pastTheStoredChunks)
                .write(new ByteArrayOutputStream()));
    }
}
