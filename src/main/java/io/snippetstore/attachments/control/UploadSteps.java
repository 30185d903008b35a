package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Optional;

import io.snippetstore.attachments.entity.Attachment;
import io.snippetstore.attachments.entity.AttachmentChunk;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.storage.control.StorageQuota;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * The steps that write an attachment, each a transaction of its own (an upload,
 * {@link AttachmentUpload}, or an import's copy, {@link Attachments#copyInSteps}): begin an
 * unfinished attachment, append its chunks, finish it; or discard it.
 */
@Stateless
public class UploadSteps {

    @PersistenceContext
    EntityManager em;

    @Inject
    Snippets snippets;

    @Inject
    StorageQuota quota;

    /** Keeps the new, unfinished attachment; refused (404, or 403 for a reader) once the caller may no longer add to its snippet, which may be gone by now. */
    @WriteTransaction
    public void begin(Caller caller, Attachment attachment) {
        snippets.requireOwned(caller, attachment.snippetId());
        em.persist(attachment);
        em.flush();
    }

    /**
     * Appends up to {@code maxChunks} chunks read from {@code content}, numbered from
     * {@code fromOrdinal}: the bytes appended, 0 at the end of the content. 404 when the
     * attachment is gone meanwhile (its snippet deleted or in the trash), 413 when the bytes take the snippet's
     * owner past their quota. Not refused on a low disk: the room for the whole upload was
     * checked before it began.
     */
    @WriteTransaction(freesSpace = true)
    public long append(String attachmentId, InputStream content, long fromOrdinal, int maxChunks) {
        return append(attachmentId, content, fromOrdinal, maxChunks, AttachmentChunk.SIZE);
    }

    /** @param bufferBytes no more than a chunk, and no more than the content has when it has less */
    long append(String attachmentId, InputStream content, long fromOrdinal, int maxChunks, int bufferBytes) {
        Attachment attachment = attachment(attachmentId);
        long appended = 0;
        // one buffer for every full chunk: SQLite copies the bytes it is given, and a fresh
        // mebibyte for each chunk costs as much again as the insert in allocation and collection
        byte[] buffer = new byte[bufferBytes];
        try {
            for (int chunk = 0; chunk < maxChunks; chunk++) {
                int read = content.readNBytes(buffer, 0, buffer.length);
                if (read == 0) {
                    break;
                }
                byte[] bytes = read == buffer.length ? buffer : Arrays.copyOf(buffer, read);
                em.createNativeQuery(ChunkStatements.INSERT)
                        .setParameter(1, attachmentId)
                        .setParameter(2, fromOrdinal + chunk)
                        .setParameter(3, bytes)
                        .executeUpdate();
                appended += bytes.length;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("The staged upload could not be read", e);
        }
        if (quota.isSet()) {
            quota.requireWithin(snippets.findOwnerId(attachment.snippetId()).orElseThrow(ApiException::notFound));
        }
        return appended;
    }

    /** Makes the attachment visible as described, with every byte in place (like {@link #append}, whatever the disk). */
    @WriteTransaction(freesSpace = true)
    public AttachmentData finish(String attachmentId, String filename, String mimeType, long size, String sha256) {
        Attachment attachment = attachment(attachmentId);
        attachment.finishUpload(filename, mimeType, size, sha256, Timestamps.now());
        return AttachmentData.of(attachment);
    }

    /**
     * A small upload whole, in one transaction (one commit, which it may share with other writes):
     * begins the attachment, appends its {@code size} bytes from {@code content} and finishes it.
     */
    @WriteTransaction
    public AttachmentData storeWhole(
            Caller caller,
            Attachment attachment,
            InputStream content,
            String filename,
            String mimeType,
            long size,
            String sha256) {
        begin(caller, attachment);
        // a buffer of a small file's size: a mebibyte for each would be a "humongous" object to
        // G1 (at up to 4 GiB of heap), and many of them start a collection each
        long appended = append(
                attachment.id(), content, 0, (int) ((size + AttachmentChunk.SIZE - 1) / AttachmentChunk.SIZE), (int)
                        Math.min(size, AttachmentChunk.SIZE));
        if (appended != size) {
            throw new IllegalStateException(
                    "The staged upload has " + size + " bytes, not the " + appended + " copied");
        }
        return finish(attachment.id(), filename, mimeType, size, sha256);
    }

    /** Removes an attachment whose upload failed, with what it had of its bytes. */
    @WriteTransaction(freesSpace = true)
    public void discard(String attachmentId) {
        Optional.ofNullable(em.find(Attachment.class, attachmentId)).ifPresent(em::remove);
    }

    /** Removes every attachment left unfinished (by a crash, or in a restored backup): how many. */
    @WriteTransaction(freesSpace = true)
    public int discardUnfinished() {
        return em.createNamedQuery(Attachment.DELETE_UNFINISHED).executeUpdate();
    }

    /** The unfinished attachment, while its snippet is there (not deleted, not in the trash): 404 otherwise. */
    private Attachment attachment(String attachmentId) {
        Attachment attachment =
                Optional.ofNullable(em.find(Attachment.class, attachmentId)).orElseThrow(ApiException::notFound);
        snippets.findOwnerId(attachment.snippetId()).orElseThrow(ApiException::notFound);
        return attachment;
    }
}
