package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;

import io.snippetstore.attachments.entity.Attachment;
import io.snippetstore.attachments.entity.AttachmentChunk;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.storage.control.DiskSpace;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
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
    DiskSpace disk;

    /**
     * Stores a staged upload in one transaction. The gate is taken only once every byte is on
     * this machine, so the write never waits on a client; each chunk is written and released
     * before the next is read, so memory stays flat whatever the size (measured: 1 GiB at -Xmx256m).
     */
    @WriteTransaction
    public AttachmentData add(String ownerId, String snippetId, Upload upload) {
        requireSnippet(ownerId, snippetId);
        // in the write-ahead log, then in the database file, before the staged copy goes
        disk.requireRoomFor(2 * upload.size());
        String filename = Filenames.sanitize(upload.clientFilename());
        String mimeType = MimeTypes.decide(upload.requestedMimeType(), upload.fileContentType(), filename);
        Attachment attachment = new Attachment(Ids.next(), snippetId, filename, mimeType, upload.size(), upload.sha256(), Timestamps.now());
        em.persist(attachment);
        em.flush();
        long copied = 0;
        try (InputStream content = Files.newInputStream(upload.staged())) {
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
        if (copied != upload.size()) {
            throw new IllegalStateException("The staged upload has " + copied + " bytes, not the " + upload.size() + " received");
        }
        return AttachmentData.of(attachment);
    }

    /** The snippet's attachments, oldest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<AttachmentData> list(String ownerId, String snippetId) {
        requireSnippet(ownerId, snippetId);
        return em.createQuery("SELECT a FROM Attachment a WHERE a.snippetId = :snippetId ORDER BY a.createdAt, a.id", Attachment.class)
                .setParameter("snippetId", snippetId)
                .getResultStream().map(AttachmentData::of).toList();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public AttachmentData get(String ownerId, String attachmentId) {
        return findOwned(ownerId, attachmentId).map(AttachmentData::of).orElseThrow(ApiException::notFound);
    }

    /** Deletes the attachment; the database deletes its chunks with it. */
    @WriteTransaction(freesSpace = true)
    public String delete(String ownerId, String attachmentId) {
        Attachment attachment = findOwned(ownerId, attachmentId).orElseThrow(ApiException::notFound);
        em.remove(attachment);
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

    /** Fails with 404 unless the caller owns the snippet: lets an upload be refused before its body is read. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void requireSnippet(String ownerId, String snippetId) {
        long owned = em.createQuery("SELECT COUNT(s) FROM Snippet s WHERE s.id = :id AND s.ownerId = :ownerId", Long.class)
                .setParameter("id", snippetId).setParameter("ownerId", ownerId)
                .getSingleResult();
        if (owned == 0) {
            throw ApiException.notFound();
        }
    }

    private Optional<Attachment> findOwned(String ownerId, String attachmentId) {
        return em.createQuery("SELECT a FROM Attachment a, Snippet s WHERE a.id = :id AND s.id = a.snippetId AND s.ownerId = :ownerId",
                        Attachment.class)
                .setParameter("id", attachmentId).setParameter("ownerId", ownerId)
                .getResultStream().findFirst();
    }
}
