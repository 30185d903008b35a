package io.snippetstore.attachments.entity;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * A file attached to a snippet: its metadata. The bytes are {@link AttachmentChunk}s; the
 * database deletes them with the attachment, and the attachment with its snippet (migration V4).
 */
@Entity
@Table(name = "attachments")
@NamedQuery(
        name = Attachment.OF_SNIPPET,
        query =
                "SELECT a FROM Attachment a WHERE a.snippetId = :snippetId AND a.uploadingSince IS NULL ORDER BY a.createdAt, a.id")
@NamedQuery(
        name = Attachment.TOTALS,
        query = "SELECT COUNT(a), COALESCE(SUM(a.size), 0) FROM Attachment a WHERE a.uploadingSince IS NULL")
@NamedQuery(name = Attachment.DELETE_UNFINISHED, query = "DELETE FROM Attachment a WHERE a.uploadingSince IS NOT NULL")
public class Attachment {

    public static final String OF_SNIPPET = "Attachment.ofSnippet";
    /** How many attachments there are, and their bytes. */
    public static final String TOTALS = "Attachment.totals";
    /** Removes every attachment whose upload never finished (their chunks go with them). */
    public static final String DELETE_UNFINISHED = "Attachment.deleteUnfinished";

    /** The most bytes of UTF-8 a kept filename may have. */
    public static final int FILENAME_MAX_BYTES = 255;

    public static final int MIME_TYPE_MAX = 255;

    /** What an unfinished attachment's description holds until {@link #finishUpload}: nobody sees it. */
    private static final String UNDESCRIBED = "";

    @Id
    private String id;

    @Column(name = "snippet_id", nullable = false)
    private String snippetId;

    @Column(nullable = false, length = FILENAME_MAX_BYTES)
    private String filename;

    @Column(name = "mime_type", nullable = false, length = MIME_TYPE_MAX)
    private String mimeType;

    @Column(nullable = false)
    private long size;

    @Column(nullable = false, length = 64)
    private String sha256;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    /** Set while the upload is still being written in steps: until then nobody sees the attachment. */
    @Column(name = "uploading_since")
    private Instant uploadingSince;

    protected Attachment() {}

    public Attachment(
            String id,
            String snippetId,
            String filename,
            String mimeType,
            long size,
            String sha256,
            Instant createdAt) {
        this.id = id;
        this.snippetId = snippetId;
        this.filename = filename;
        this.mimeType = mimeType;
        this.size = size;
        this.sha256 = sha256;
        this.createdAt = createdAt;
    }

    /**
     * An attachment whose bytes are still to come, in steps: unseen until {@link #finishUpload},
     * which also gives it the description known only once every byte has arrived.
     */
    public static Attachment unfinished(String id, String snippetId, Instant now) {
        Attachment attachment = new Attachment(id, snippetId, UNDESCRIBED, UNDESCRIBED, 0, UNDESCRIBED, now);
        attachment.uploadingSince = now;
        return attachment;
    }

    /** Every byte is in place: the attachment, as described now, appears at {@code now}. */
    public void finishUpload(String filename, String mimeType, long size, String sha256, Instant now) {
        this.filename = filename;
        this.mimeType = mimeType;
        this.size = size;
        this.sha256 = sha256;
        this.createdAt = now;
        uploadingSince = null;
    }

    public boolean isFinished() {
        return uploadingSince == null;
    }

    public String id() {
        return id;
    }

    public String snippetId() {
        return snippetId;
    }

    public String filename() {
        return filename;
    }

    public String mimeType() {
        return mimeType;
    }

    public long size() {
        return size;
    }

    public String sha256() {
        return sha256;
    }

    public Instant createdAt() {
        return createdAt;
    }
}
