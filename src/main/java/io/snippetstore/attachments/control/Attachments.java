package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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
import io.snippetstore.storage.control.DiskSpace;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
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

    private static final String INSERT_CHUNK = "INSERT INTO attachment_chunks (attachment_id, ordinal, data) VALUES (?1, ?2, ?3)";

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    DiskSpace disk;

    @Inject
    Snippets snippets;

    /**
     * Stores a staged upload in one transaction. The gate is taken only once every byte is on
     * this machine, so the write never waits on a client; each chunk is written and released
     * before the next is read, so memory stays flat whatever the size (measured: 1 GiB at -Xmx256m).
     */
    @WriteTransaction
    public AttachmentData add(Caller caller, String snippetId, Upload upload) {
        snippets.requireWritable(caller, snippetId);
        StagedFile staged = upload.file();
        // in the write-ahead log, then in the database file, before the staged copy goes
        disk.requireRoomFor(2 * staged.size());
        String filename = Filenames.sanitize(upload.clientFilename());
        String mimeType = MimeTypes.decide(upload.requestedMimeType(), upload.fileContentType(), filename);
        Attachment attachment = new Attachment(Ids.next(), snippetId, filename, mimeType, staged.size(), staged.sha256(), Timestamps.now());
        em.persist(attachment);
        em.flush();
        long copied = 0;
        try (InputStream content = staged.read()) {
            long ordinal = 0;
            for (byte[] bytes = content.readNBytes(AttachmentChunk.SIZE); bytes.length > 0; bytes = content.readNBytes(AttachmentChunk.SIZE)) {
                // Native SQL on purpose: a persisted entity stays referenced by the persistence
                // context until the commit, so a large file would be held in memory whole.
                em.createNativeQuery(INSERT_CHUNK)
                        .setParameter(1, attachment.id()).setParameter(2, ordinal++).setParameter(3, bytes)
                        .executeUpdate();
                copied += bytes.length;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("The staged upload could not be read", e);
        }
        if (copied != staged.size()) {
            throw new IllegalStateException("The staged upload has " + copied + " bytes, not the " + staged.size() + " received");
        }
        return AttachmentData.of(attachment);
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
                .getResultStream().map(AttachmentData::of).toList();
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
     * The bytes of one chunk, read on its own so that a download holds neither a transaction
     * nor a connection while the client reads. Empty once the attachment is gone.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<byte[]> findChunk(String attachmentId, long ordinal) {
        return Optional.ofNullable(em.find(AttachmentChunk.class, new AttachmentChunk.Key(attachmentId, ordinal)))
                .map(AttachmentChunk::data);
    }

    /** Fails unless the caller may add to the snippet (404, or 403 for a reader): lets an upload be refused before its body is read. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void requireSnippet(Caller caller, String snippetId) {
        snippets.requireWritable(caller, snippetId);
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
        snippets.requireWritable(caller, attachment.snippetId());
        return attachment;
    }

    private Attachment find(String attachmentId) {
        return Optional.ofNullable(em.find(Attachment.class, attachmentId)).orElseThrow(ApiException::notFound);
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
                .filter(attachment -> attachment.snippetId().equals(shared.snippetId()))
                .map(AttachmentData::of)
                .orElseThrow(ApiException::notFound);
    }
}
