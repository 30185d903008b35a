package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.snippetstore.attachments.entity.Attachment;
import io.snippetstore.attachments.entity.AttachmentChunk;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.storage.control.DiskSpace;
import io.snippetstore.storage.control.GroupCommit;
import io.snippetstore.storage.control.WriteGate;

/**
 * One upload, copied into the database while it still arrives. Told of every write into its
 * staging file, it hands the next step of whole chunks (see {@link #chunksOfNextStep()}) to
 * another thread as soon as they are staged and no step is under way, so the thread reading
 * the body goes on reading the network while the database writes; the staging file holds whatever the
 * database has not taken yet. A step takes the writer only for bytes already on this machine,
 * so the writer never waits on a client. {@link #finish} copies the rest and makes the
 * attachment visible; closing an upload that did not finish removes what it wrote. Made by
 * {@link Attachments#startUpload}, used by one thread, the one reading the body.
 */
public final class AttachmentUpload implements StagedFile.Progress, AutoCloseable {

    private static final Logger LOG = Logger.getLogger(AttachmentUpload.class.getName());

    /**
     * 4 MiB a step while an upload has the writer to itself (1 MiB while other writes wait for
     * it): other writes wait about one step behind an upload, not the whole file (docs/BENCHMARKS.md).
     */
    static final int CHUNKS_PER_STEP = 4;

    private final UploadSteps steps;
    private final GroupCommit commits;
    private final Executor executor;
    private final DiskSpace disk;
    private final WriteGate gate;
    private final Caller caller;
    private final Attachment attachment;
    /** The staged bytes, read on by one step after the other. */
    private InputStream content;
    /** How many bytes steps have been given so far. */
    private long scheduled;
    /** The step under way on another thread, if any. */
    private FutureTask<Long> step;
    /** Whether another write waited for the writer during the last step: then the next one is short. */
    private boolean othersWaited;

    private boolean begun;
    private boolean finished;

    AttachmentUpload(
            UploadSteps steps,
            GroupCommit commits,
            Executor executor,
            DiskSpace disk,
            WriteGate gate,
            Caller caller,
            Attachment attachment) {
        this.steps = steps;
        this.commits = commits;
        this.executor = executor;
        this.disk = disk;
        this.gate = gate;
        this.caller = caller;
        this.attachment = attachment;
    }

    /** More bytes are staged: starts the next step once the last one is done and a whole step is waiting; throws what made it fail. */
    @Override
    public void staged(StagedFile file) {
        if (step != null) {
            if (!step.isDone()) {
                othersWaited |= gate.isWaitedFor();
                return;
            }
            awaitStep();
        }
        int chunks = chunksOfNextStep();
        if (file.size() - scheduled >= (long) chunks * AttachmentChunk.SIZE) {
            othersWaited = false;
            startStep(file, chunks);
        }
    }

    /**
     * A step of {@link #CHUNKS_PER_STEP} chunks while the upload has the writer to
     * itself; of one chunk once other writes wait for it, so that they wait for a shorter step.
     */
    private int chunksOfNextStep() {
        return othersWaited || gate.isWaitedFor() ? 1 : CHUNKS_PER_STEP;
    }

    private void startStep(StagedFile file, int chunks) {
        long stepBytes = (long) chunks * AttachmentChunk.SIZE;
        disk.requireRoomFor(2 * stepBytes);
        InputStream stagedBytes = content(file);
        boolean first = !begun;
        long fromOrdinal = scheduled / AttachmentChunk.SIZE;
        begun = true;
        scheduled += stepBytes;
        step = new FutureTask<>(() -> copyStep(first, stagedBytes, fromOrdinal, chunks));
        try {
            executor.execute(step);
        } catch (RejectedExecutionException noThreadFree) {
            step.run(); // copied here instead, while the client waits
        }
    }

    private long copyStep(boolean first, InputStream stagedBytes, long fromOrdinal, int chunks) {
        if (first) {
            steps.begin(caller, attachment);
        }
        long appended = steps.append(attachment.id(), stagedBytes, fromOrdinal, chunks);
        if (appended != (long) chunks * AttachmentChunk.SIZE) {
            throw new IllegalStateException(
                    "A step copied " + appended + " staged bytes, not " + chunks + " whole chunks");
        }
        return appended;
    }

    /** Waits for the step under way; throws what made it fail. */
    private void awaitStep() {
        FutureTask<Long> pending = step;
        step = null;
        try {
            pending.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure
                    ? failure
                    : new IllegalStateException("An upload step failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while an upload step was written", e);
        }
    }

    /**
     * Every byte has arrived: copies what the steps have not, and makes the attachment visible
     * under the description the client gave.
     */
    public AttachmentData finish(Upload upload) {
        StagedFile file = upload.file();
        if (step != null) {
            awaitStep();
        }
        disk.requireRoomFor(2 * (file.size() - scheduled));
        if (!begun && file.size() <= (long) CHUNKS_PER_STEP * AttachmentChunk.SIZE) {
            return storeWhole(upload);
        }
        if (!begun) {
            begun = true;
            steps.begin(caller, attachment);
        }
        InputStream stagedBytes = content(file);
        long copied = scheduled;
        for (long appended = -1; appended != 0; copied += appended) {
            int chunks = chunksOfNextStep();
            othersWaited = false; // from here on only a write queued at the next step's start shortens it
            appended = steps.append(attachment.id(), stagedBytes, copied / AttachmentChunk.SIZE, chunks);
        }
        file.requireCopied(copied);
        AttachmentData created =
                steps.finish(attachment.id(), upload.filename(), upload.mimeType(), file.size(), file.sha256());
        finished = true;
        return created;
    }

    /**
     * No step has begun, and one step holds it all: one transaction, shared with the writes
     * arriving meanwhile. Each attempt reads the staged bytes and builds the entity afresh: when
     * its group fails, the write runs again alone.
     */
    private AttachmentData storeWhole(Upload upload) {
        StagedFile file = upload.file();
        AttachmentData created = commits.write(() -> {
            try (InputStream stagedBytes = file.read()) {
                return steps.storeWhole(
                        caller,
                        Attachment.unfinished(attachment.id(), attachment.snippetId(), attachment.createdAt()),
                        stagedBytes,
                        upload.filename(),
                        upload.mimeType(),
                        file.size(),
                        file.sha256());
            } catch (IOException e) {
                throw new UncheckedIOException("The staged upload could not be read", e);
            }
        });
        finished = true;
        return created;
    }

    private InputStream content(StagedFile file) {
        if (content == null) {
            try {
                content = file.read();
            } catch (IOException e) {
                throw new UncheckedIOException("The staged upload could not be read", e);
            }
        }
        return content;
    }

    /** Removes what an upload that did not finish wrote (or leaves it to the next start, when that fails too). */
    @Override
    public void close() {
        if (step != null) {
            try {
                awaitStep();
            } catch (RuntimeException alsoFailed) {
                // the upload has failed already; this step's outcome no longer matters
            }
        }
        if (content != null) {
            try {
                content.close();
            } catch (IOException e) {
                // only read from; the staging file is deleted anyway
            }
        }
        if (begun && !finished) {
            try {
                steps.discard(attachment.id());
            } catch (RuntimeException notDiscarded) {
                LOG.log(
                        Level.WARNING,
                        "An unfinished upload could not be removed now; it is removed at the next start",
                        notDiscarded);
            }
        }
    }
}
