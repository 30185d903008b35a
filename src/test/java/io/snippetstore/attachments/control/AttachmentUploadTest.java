package io.snippetstore.attachments.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

import io.snippetstore.attachments.entity.Attachment;
import io.snippetstore.attachments.entity.AttachmentChunk;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Role;
import io.snippetstore.storage.control.DataDirectory;
import io.snippetstore.storage.control.DiskSpace;
import io.snippetstore.storage.control.GroupCommit;
import io.snippetstore.storage.control.WriteGate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How an upload is cut into steps while it is staged: the steps run on an executor the test
 * drives by hand, write into a recording stand-in for the database, and meet a writer's gate
 * whose queue the test decides.
 */
class AttachmentUploadTest {

    private static final int CHUNK = AttachmentChunk.SIZE;

    @TempDir
    Path dataDirectory;

    private final RecordedSteps steps = new RecordedSteps();
    private final Queue<Runnable> executor = new ArrayDeque<>();
    private final QueueOfWriters gate = new QueueOfWriters();
    private final CountedCommits commits = new CountedCommits();

    private StagingArea staging() {
        StagingArea staging = new StagingArea();
        staging.dataDirectory = new DataDirectory() {
            @Override
            public Path path() {
                return dataDirectory;
            }
        };
        staging.maxUploadBytes = 64L * CHUNK;
        staging.disk = new RoomEnough();
        staging.prepare();
        return staging;
    }

    private AttachmentUpload upload() {
        return upload(executor::add);
    }

    private AttachmentUpload upload(Executor handOver) {
        return new AttachmentUpload(
                steps,
                commits,
                handOver,
                new RoomEnough(),
                gate,
                new Caller("user-1", "alice", Role.USER, Caller.AuthMethod.TOKEN),
                Attachment.unfinished("attachment-1", "snippet-1", Instant.EPOCH));
    }

    private static byte[] randomBytes(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }

    /** Stages bytes {@code from} up to {@code to} in pieces of 64 KiB, as the receiver does, running every step handed over meanwhile. */
    private void stage(StagedFile file, byte[] bytes, int from, int to) {
        for (int offset = from; offset < to; offset += 64 * 1024) {
            byte[] piece = Arrays.copyOfRange(bytes, offset, Math.min(to, offset + 64 * 1024));
            file.write(piece, piece.length);
            runHandedOverSteps();
        }
    }

    /** Stages the first step's four chunks; the step is handed over but left for the test to run. */
    private Runnable stageFirstStepWithoutRunningIt(StagedFile file, byte[] content) {
        stage(file, content, 0, 4 * CHUNK - 1);
        file.write(Arrays.copyOfRange(content, 4 * CHUNK - 1, 4 * CHUNK), 1);
        return executor.poll();
    }

    private void runHandedOverSteps() {
        for (Runnable step = executor.poll(); step != null; step = executor.poll()) {
            step.run();
        }
    }

    @Test
    void whileTheBodyArrivesWholeStepsOfFourChunksAreCopiedAndFinishCopiesTheRestWithTheDescription() {
        byte[] content = randomBytes(9 * CHUNK + 5);
        List<String> expected = List.of(
                "begin", "append 0+4", "append 4+4", "append 8+4", "finish notes.txt text/plain " + content.length);
        try (AttachmentUpload upload = upload();
                StagedFile file = staging().newFile(upload)) {
            stage(file, content, 0, content.length);
            file.finish();
            AttachmentData created = upload.finish(new Upload("../notes.txt", null, null, file));

            assertEquals(
                    expected,
                    steps.calls,
                    "two steps while the body arrived; the last chunk and a bit copied by finish");
            assertArrayEquals(content, steps.written.toByteArray());
            assertEquals(file.sha256(), created.sha256());
        }
        assertEquals(expected, steps.calls, "a finished upload is not discarded");
    }

    @Test
    void anUploadSmallerThanAChunkIsCopiedThroughABufferOfItsOwnSize() {
        byte[] content = randomBytes(17);
        try (AttachmentUpload upload = upload();
                StagedFile file = staging().newFile(upload)) {
            stage(file, content, 0, content.length);
            file.finish();
            upload.finish(new Upload("notes.txt", "text/plain", null, file));

            assertEquals(List.of(17), steps.buffers);
            assertArrayEquals(content, steps.written.toByteArray());
        }
    }

    @Test
    void anUploadNoLargerThanOneStepIsStoredWholeInOneWriteThatSharesItsCommit() {
        byte[] content = randomBytes(3 * CHUNK + 17);
        try (AttachmentUpload upload = upload();
                StagedFile file = staging().newFile(upload)) {
            stage(file, content, 0, content.length);
            file.finish();
            AttachmentData created = upload.finish(new Upload("notes.txt", "text/plain", null, file));

            assertEquals(List.of("begin", "append 0+4", "finish notes.txt text/plain " + content.length), steps.calls);
            assertEquals(List.of(CHUNK), steps.buffers);
            assertEquals(1, commits.writes, "begun, copied and finished in one write, through the group commit");
            assertArrayEquals(content, steps.written.toByteArray());
            assertEquals(file.sha256(), created.sha256());
        }
        assertEquals(3, steps.calls.size(), "a finished upload is not discarded");
    }

    @Test
    void aStepThatAnotherWriteWaitedForIsFollowedByAStepOfOneChunk() {
        byte[] content = randomBytes(10 * CHUNK);
        try (AttachmentUpload upload = upload();
                StagedFile file = staging().newFile(upload)) {
            Runnable firstStep = stageFirstStepWithoutRunningIt(file, content);

            gate.waiting = true; // a create queues for the writer while the first step is under way
            file.write(Arrays.copyOfRange(content, 4 * CHUNK, 4 * CHUNK + 1), 1);
            gate.waiting = false;
            firstStep.run();
            stage(file, content, 4 * CHUNK + 1, content.length);
            file.finish();
            upload.finish(new Upload("data.bin", null, null, file));

            assertEquals(
                    List.of("begin", "append 0+4", "append 4+1", "append 5+4", "append 9+4"),
                    steps.calls.subList(0, 5),
                    "one short step after the step a write waited for, then long ones again");
            assertArrayEquals(content, steps.written.toByteArray());
        }
    }

    @Test
    void whatFinishCopiesAfterAStepAnotherWriteWaitedForStartsShortThenLong() {
        byte[] content = randomBytes(7 * CHUNK);
        try (AttachmentUpload upload = upload();
                StagedFile file = staging().newFile(upload)) {
            Runnable firstStep = stageFirstStepWithoutRunningIt(file, content);
            gate.waiting =
                    true; // a create queues for the writer while the first step is under way, and the rest arrives
            byte[] rest = Arrays.copyOfRange(content, 4 * CHUNK, content.length);
            file.write(rest, rest.length);
            gate.waiting = false;
            firstStep.run();
            file.finish();
            upload.finish(new Upload("data.bin", null, null, file));

            assertEquals(
                    List.of("begin", "append 0+4", "append 4+1", "append 5+4"),
                    steps.calls.subList(0, 4),
                    "one short step for the write that waited, then long ones while nobody waits");
            assertArrayEquals(content, steps.written.toByteArray());
        }
    }

    @Test
    void aStepTheExecutorRefusesIsCopiedOnTheThreadThatStagesTheBody() {
        byte[] content = randomBytes(9 * CHUNK);
        List<Thread> copiedOn = new ArrayList<>();
        steps.onAppend = () -> copiedOn.add(Thread.currentThread());
        Executor busy = task -> {
            throw new RejectedExecutionException("no thread free");
        };
        try (AttachmentUpload upload = upload(busy);
                StagedFile file = staging().newFile(upload)) {
            stage(file, content, 0, content.length);
            assertEquals(
                    List.of("begin", "append 0+4", "append 4+4"), steps.calls, "the steps ran while the body arrived");
            file.finish();
            upload.finish(new Upload("data.bin", null, null, file));

            assertArrayEquals(content, steps.written.toByteArray());
            assertEquals(
                    List.of(Thread.currentThread()),
                    copiedOn.stream().distinct().toList());
        }
    }

    @Test
    void aFailedStepFailsTheUploadAtTheNextStagedBytesAndClosingDiscardsWhatWasWritten() {
        ApiException snippetGone = ApiException.notFound();
        steps.failure = snippetGone;
        steps.failAppendFrom = 4;
        byte[] content = randomBytes(12 * CHUNK);
        try (AttachmentUpload upload = upload();
                StagedFile file = staging().newFile(upload)) {
            RuntimeException failed =
                    assertThrows(RuntimeException.class, () -> stage(file, content, 0, content.length));

            assertSame(snippetGone, failed);
            assertTrue(file.size() < content.length, "the upload stopped before its last byte");
            assertEquals(List.of("begin", "append 0+4"), steps.calls);
        }
        assertEquals(List.of("begin", "append 0+4", "discard"), steps.calls);
    }

    /** The database as the steps see it: records each call and keeps the bytes appended, in order. */
    private static final class RecordedSteps extends UploadSteps {

        final List<String> calls = new ArrayList<>();
        final List<Integer> buffers = new ArrayList<>();
        final ByteArrayOutputStream written = new ByteArrayOutputStream();
        long failAppendFrom = Long.MAX_VALUE;
        RuntimeException failure;
        Runnable onAppend = () -> {};

        @Override
        public void begin(Caller caller, Attachment attachment) {
            calls.add("begin");
        }

        @Override
        long append(String attachmentId, InputStream content, long fromOrdinal, int maxChunks, int bufferBytes) {
            buffers.add(bufferBytes);
            onAppend.run();
            if (fromOrdinal >= failAppendFrom) {
                throw failure;
            }
            try {
                byte[] bytes = content.readNBytes(maxChunks * CHUNK);
                written.writeBytes(bytes);
                if (bytes.length > 0) {
                    calls.add("append " + fromOrdinal + "+" + maxChunks);
                }
                return bytes.length;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public AttachmentData finish(String attachmentId, String filename, String mimeType, long size, String sha256) {
            calls.add("finish " + filename + " " + mimeType + " " + size);
            return new AttachmentData(attachmentId, "snippet-1", filename, mimeType, size, sha256, Instant.EPOCH);
        }

        @Override
        public void discard(String attachmentId) {
            calls.add("discard");
        }
    }

    /** Group commit as one write would see it alone: the write runs at once, here; counted. */
    private static final class CountedCommits extends GroupCommit {

        int writes;

        @Override
        public <T> T write(Supplier<T> work) {
            writes++;
            return work.get();
        }
    }

    /** A writer's gate whose queue the test fills or empties. */
    private static final class QueueOfWriters extends WriteGate {

        boolean waiting;

        @Override
        public boolean isWaitedFor() {
            return waiting;
        }
    }

    private static final class RoomEnough extends DiskSpace {

        @Override
        public void requireRoomFor(long bytes) {
            // the disk has room: what happens on a full one is FullDiskIT's
        }
    }
}
