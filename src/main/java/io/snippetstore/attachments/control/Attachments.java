package io.snippetstore.attachments.control;

import java.io.InputStream;
import java.util.List;
import java.util.Optional;

import io.snippetstore.attachments.entity.Attachment;
import io.snippetstore.attachments.entity.AttachmentChunk;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.control.SharedSnippet;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.storage.control.Database;
import io.snippetstore.storage.control.DiskSpace;
import io.snippetstore.storage.control.GroupCommit;
import io.snippetstore.storage.control.WriteGate;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * The attachment use cases. An attachment belongs to a snippet and so to the snippet's owner:
 * to anyone else neither exists.
 */
@Stateless
public class Attachments {

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    DiskSpace disk;

    @Inject
    Snippets snippets;

    @Inject
    UploadSteps steps;

    @Inject
    Database database;

    /** A small upload's one transaction shares its commit with the other writes. */
    @Inject
    GroupCommit commits;

    @Inject
    WriteGate gate;

    /** Where an upload's steps run while its request thread goes on receiving. */
    @Resource
    ManagedExecutorService executor;

    /**
     * Starts an upload to the snippet, refused (404, or 403 for a reader) before its body is
     * read. Its bytes are written in steps of a few chunks ({@link AttachmentUpload}), each a
     * transaction of its own, while the body still arrives: other writes wait at most one step
     * behind it rather than the whole file, and the attachment is unseen until its last step. A
     * failure removes what was written, and what a crash leaves is removed at the next start
     * ({@link UnfinishedUploads}). Each chunk is written and released before the next
     * is read, so memory stays flat whatever the size.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public AttachmentUpload startUpload(Caller caller, String snippetId) {
        snippets.requireOwned(caller, snippetId);
        return new AttachmentUpload(
                steps,
                commits,
                executor,
                disk,
                gate,
                caller,
                Attachment.unfinished(Ids.next(), snippetId, Timestamps.now()));
    }

    /**
     * Copies an attachment whose bytes are on this machine already and were verified against
     * {@code size} and {@code sha256} (an import's archive) in steps like an upload's, each a
     * transaction of its own, so that other writes wait at most one step behind it; unseen until
     * its last step, removed when a step fails or the content does not have {@code size} bytes.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public AttachmentData copyInSteps(
            Caller caller,
            String snippetId,
            String filename,
            String mimeType,
            long size,
            String sha256,
            InputStream content) {
        String safeFilename = Filenames.sanitize(filename);
        Attachment attachment = Attachment.unfinished(Ids.next(), snippetId, Timestamps.now());
        steps.begin(caller, attachment);
        boolean finished = false;
        try {
            long copied = 0;
            for (long appended = -1; appended != 0; copied += appended) {
                int chunks = gate.isWaitedFor() ? 1 : AttachmentUpload.CHUNKS_PER_STEP;
                disk.requireRoomFor(
                        2L * chunks * AttachmentChunk.SIZE); // a step is not refused on a low disk by itself
                appended = steps.append(attachment.id(), content, copied / AttachmentChunk.SIZE, chunks);
            }
            if (copied != size) {
                throw new IllegalStateException("The content had " + copied + " bytes, not the " + size + " verified");
            }
            AttachmentData created = steps.finish(
                    attachment.id(), safeFilename, MimeTypes.decide(mimeType, null, safeFilename), size, sha256);
            finished = true;
            return created;
        } finally {
            if (!finished) {
                steps.discard(attachment.id());
            }
        }
    }

    /** The snippet's attachments, oldest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<AttachmentData> list(Caller caller, String snippetId) {
        snippets.requireReadable(caller, snippetId);
        return listOf(snippetId);
    }

    private List<AttachmentData> listOf(String snippetId) {
        return em.createNamedQuery(Attachment.OF_SNIPPET, Attachment.class)
                .setParameter("snippetId", snippetId)
                .getResultStream()
                .map(AttachmentData::of)
                .toList();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public AttachmentData get(Caller caller, String attachmentId) {
        return AttachmentData.of(readable(caller, attachmentId));
    }

    /** Deletes the attachment; the database deletes its chunks with it. */
    @WriteTransaction(freesSpace = true)
    public String delete(Caller caller, String attachmentId) {
        Attachment attachment = writable(caller, attachmentId);
        em.remove(attachment);
        audit.fire(AuditEvent.success(caller, AuditEvent.ATTACHMENT_DELETED, attachment.id(), attachment.filename()));
        return attachment.id();
    }

    /**
     * The bytes of one chunk, in order, in slices of at most {@link ChunkStatements#SLICE}; read
     * on its own so that a download holds neither a transaction nor a connection while the
     * client reads. Empty once the attachment is gone.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<List<byte[]>> findChunk(String attachmentId, long ordinal) {
        return database.first(ChunkStatements.SELECT_SLICES, List.of(attachmentId, ordinal), ChunkStatements::slices);
    }

    /** The attachment, when the caller may read its snippet: to anyone else it does not exist. */
    private Attachment readable(Caller caller, String attachmentId) {
        Attachment attachment = find(attachmentId);
        snippets.requireReadable(caller, attachment.snippetId());
        return attachment;
    }

    /** The attachment, when the caller may change its snippet (403 when they may only read it). */
    private Attachment writable(Caller caller, String attachmentId) {
        Attachment attachment = find(attachmentId);
        snippets.requireOwned(caller, attachment.snippetId());
        return attachment;
    }

    private Attachment find(String attachmentId) {
        return Optional.ofNullable(em.find(Attachment.class, attachmentId))
                .filter(Attachment::isFinished)
                .orElseThrow(ApiException::notFound);
    }

    /** The attachments of a snippet opened by a share link, oldest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<AttachmentData> list(SharedSnippet shared) {
        return listOf(shared.snippetId());
    }

    /** An attachment of a snippet opened by a share link; any other attachment does not exist here. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public AttachmentData get(SharedSnippet shared, String attachmentId) {
        return Optional.ofNullable(em.find(Attachment.class, attachmentId))
                .filter(attachment ->
                        attachment.isFinished() && attachment.snippetId().equals(shared.snippetId()))
                .map(AttachmentData::of)
                .orElseThrow(ApiException::notFound);
    }
}
