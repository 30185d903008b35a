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
@NamedQuery(name = Attachment.OF_SNIPPET, query = "SELECT a FROM Attachment a WHERE a.snippetId = :snippetId ORDER BY a.createdAt, a.id")
@NamedQuery(name = Attachment.TOTALS, query = "SELECT COUNT(a), COALESCE(SUM(a.size), 0) FROM Attachment a")
public class Attachment {

    public static final String OF_SNIPPET = "Attachment.ofSnippet";
    /** How many attachments there are, and their bytes. */
    public static final String TOTALS = "Attachment.totals";

    /** The most bytes of UTF-8 a kept filename may have. */
    public static final int FILENAME_MAX_BYTES = 255;
    public static final int MIME_TYPE_MAX = 255;

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

    protected Attachment() {
    }

    public Attachment(String id, String snippetId, String filename, String mimeType, long size, String sha256, Instant createdAt) {
        this.id = id;
        this.snippetId = snippetId;
        this.filename = filename;
        this.mimeType = mimeType;
        this.size = size;
        this.sha256 = sha256;
        this.createdAt = createdAt;
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
