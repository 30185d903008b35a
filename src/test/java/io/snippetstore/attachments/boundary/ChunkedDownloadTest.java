package io.snippetstore.attachments.boundary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.LongFunction;

import io.snippetstore.attachments.control.HeldChunks;
import io.snippetstore.attachments.entity.AttachmentChunk;
import org.junit.jupiter.api.Test;

class ChunkedDownloadTest {

    /** An output stream that remembers how much each write handed it, and in which arrays. */
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

    /** The chunk of an ordinal in two slices, as a read hands it out. */
    private static Optional<List<byte[]>> chunk(long ordinal) {
        int from = (int) ordinal * AttachmentChunk.SIZE;
        int to = Math.min(from + AttachmentChunk.SIZE, CONTENT.length);
        int middle = (from + to) / 2;
        return from >= CONTENT.length
                ? Optional.empty()
                : Optional.of(
                        List.of(Arrays.copyOfRange(CONTENT, from, middle), Arrays.copyOfRange(CONTENT, middle, to)));
    }

    private static HeldChunks onePermit() {
        return new HeldChunks(1, Duration.ofHours(1));
    }

    @Test
    void aRangeAcrossChunksIsWrittenWholeInSlicesNoLargerThanTheSlice() throws IOException {
        ByteRange range = new ByteRange(AttachmentChunk.SIZE - 100, CONTENT.length - 1);
        RecordingOutput output = new RecordingOutput();

        new ChunkedDownload(ChunkedDownloadTest::chunk, range, onePermit()).write(output);

        assertArrayEquals(Arrays.copyOfRange(CONTENT, (int) range.first(), CONTENT.length), output.toByteArray());
        assertTrue(
                output.writes.stream().allMatch(length -> length > 0 && length <= 64 * 1024), output.writes::toString);
    }

    @Test
    void aRangeWithinOneChunkIsWrittenExactly() throws IOException {
        ByteRange range = new ByteRange(AttachmentChunk.SIZE + 5, AttachmentChunk.SIZE + 9);
        RecordingOutput output = new RecordingOutput();

        new ChunkedDownload(ChunkedDownloadTest::chunk, range, onePermit()).write(output);

        assertArrayEquals(
                Arrays.copyOfRange(CONTENT, AttachmentChunk.SIZE + 5, AttachmentChunk.SIZE + 10), output.toByteArray());
    }

    @Test
    void theOutputIsHandedOneBufferOfTheDownloadsOwnAndNeverAChunk() throws IOException {
        List<byte[]> chunksRead = new ArrayList<>();
        LongFunction<Optional<List<byte[]>>> remembering = ordinal -> {
            Optional<List<byte[]>> chunk = chunk(ordinal);
            chunk.ifPresent(chunksRead::addAll);
            return chunk;
        };
        RecordingOutput output = new RecordingOutput();

        new ChunkedDownload(remembering, new ByteRange(0, CONTENT.length - 1), onePermit()).write(output);

        assertArrayEquals(CONTENT, output.toByteArray());
        assertEquals(6, chunksRead.size(), "slices read, two for each chunk");
        assertEquals(1, output.arrays.size(), "arrays handed to the output");
        assertTrue(chunksRead.stream().noneMatch(output.arrays::contains));
    }

    @Test
    void anAttachmentDeletedDuringItsDownloadEndsItWithAnError() {
        ByteRange pastTheStoredChunks = new ByteRange(0, CONTENT.length + AttachmentChunk.SIZE);

        assertThrows(
                IOException.class,
                () -> new ChunkedDownload(ChunkedDownloadTest::chunk, pastTheStoredChunks, onePermit())
                        .write(new ByteArrayOutputStream()));
    }
}
