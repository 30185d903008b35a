package io.snippetstore.snippets.entity;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** A share link of a collection, known by the SHA-256 of its secret only; the database deletes it with its collection. */
@Entity
@Table(name = "collection_links")
@NamedQuery(
        name = CollectionLink.OF_COLLECTION,
        query = "SELECT l FROM CollectionLink l WHERE l.collectionId = :collectionId ORDER BY l.id")
@NamedQuery(
        name = CollectionLink.COUNT_OF_COLLECTION,
        query = "SELECT COUNT(l) FROM CollectionLink l WHERE l.collectionId = :collectionId")
@NamedQuery(name = CollectionLink.BY_SECRET_HASH, query = "SELECT l FROM CollectionLink l WHERE l.secretHash = :hash")
@NamedQuery(
        name = CollectionLink.DELETE_OF_COLLECTION,
        query = "DELETE FROM CollectionLink l WHERE l.collectionId = :collectionId")
public class CollectionLink {

    public static final String OF_COLLECTION = "CollectionLink.ofCollection";
    public static final String COUNT_OF_COLLECTION = "CollectionLink.countOfCollection";
    public static final String BY_SECRET_HASH = "CollectionLink.bySecretHash";
    public static final String DELETE_OF_COLLECTION = "CollectionLink.deleteOfCollection";

    /** Links one collection may have at once: what bounds listing them. */
    public static final int PER_COLLECTION_MAX = 20;

    @Id
    private String id;

    @Column(name = "collection_id", nullable = false)
    private String collectionId;

    @Column(name = "secret_hash", nullable = false)
    private String secretHash;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "expires_at")
    private Instant expiresAt;

    protected CollectionLink() {}

    public CollectionLink(String id, String collectionId, String secretHash, Instant createdAt, Instant expiresAt) {
        this.id = id;
        this.collectionId = collectionId;
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

    public String collectionId() {
        return collectionId;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant expiresAt() {
        return expiresAt;
    }
}
