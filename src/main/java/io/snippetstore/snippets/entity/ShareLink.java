package io.snippetstore.snippets.entity;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** A share link of a snippet, known by the SHA-256 of its secret only; the database deletes it with its snippet. */
@Entity
@Table(name = "share_links")
@NamedQuery(
        name = ShareLink.OF_SNIPPET,
        query = "SELECT l FROM ShareLink l WHERE l.snippetId = :snippetId ORDER BY l.id")
@NamedQuery(name = ShareLink.BY_SECRET_HASH, query = "SELECT l FROM ShareLink l WHERE l.secretHash = :hash")
public class ShareLink {

    public static final String OF_SNIPPET = "ShareLink.ofSnippet";
    public static final String BY_SECRET_HASH = "ShareLink.bySecretHash";

    public static final int EXPIRES_IN_DAYS_MAX = 3650;

    @Id
    private String id;

    @Column(name = "snippet_id", nullable = false)
    private String snippetId;

    @Column(name = "secret_hash", nullable = false)
    private String secretHash;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "expires_at")
    private Instant expiresAt;

    protected ShareLink() {}

    public ShareLink(String id, String snippetId, String secretHash, Instant createdAt, Instant expiresAt) {
        this.id = id;
        this.snippetId = snippetId;
        this.secretHash = secretHash;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
    }

    public boolean isExpiredAt(Instant now) {
        return expiresAt != null && !now.isBefore(expiresAt);
    }

    public String id() {
        return id;
    }

    public String snippetId() {
        return snippetId;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant expiresAt() {
        return expiresAt;
    }
}
