package io.snippetstore.snippets.entity;

import java.time.Instant;
import java.util.Optional;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * A user's named list of snippets, inside another of theirs or at the top. Shared as a snippet is
 * ({@code private} or {@code team}, and with groups: {@link CollectionShare}); what reading it
 * gives is {@link CollectionEntry}'s rule.
 */
@Entity
@Table(name = "collections")
@NamedQuery(
        name = SnippetCollection.OF_OWNER,
        query = "SELECT c FROM SnippetCollection c WHERE c.ownerId = :ownerId ORDER BY c.name, c.id")
@NamedQuery(
        name = SnippetCollection.COUNT_OF_OWNER,
        query = "SELECT COUNT(c) FROM SnippetCollection c WHERE c.ownerId = :ownerId")
@NamedQuery(
        name = SnippetCollection.DELETE_OF_OWNER,
        query = "DELETE FROM SnippetCollection c WHERE c.ownerId = :ownerId AND c.id IN :ids")
public class SnippetCollection {

    public static final String OF_OWNER = "SnippetCollection.ofOwner";
    public static final String COUNT_OF_OWNER = "SnippetCollection.countOfOwner";
    /** Deletes some of an owner's collections; the database takes what is inside them with them. */
    public static final String DELETE_OF_OWNER = "SnippetCollection.deleteOfOwner";

    public static final int NAME_MAX = 100;
    public static final int DESCRIPTION_MAX = 10_000;
    /** The most collections one user has. */
    public static final int PER_USER_MAX = 500;
    /** The most levels of collections: a top one and four levels inside. */
    public static final int DEPTH_MAX = 5;
    /** The most snippets in one collection. */
    public static final int SNIPPETS_MAX = 10_000;

    @Id
    private String id;

    @Column(name = "owner_id", nullable = false)
    private String ownerId;

    @Column(name = "parent_id")
    private String parentId;

    /** Unique among its siblings ignoring ASCII case (the column's collation and a unique index). */
    @Column(nullable = false, length = NAME_MAX)
    private String name;

    @Column(length = DESCRIPTION_MAX)
    private String description;

    /** {@code private} or {@code team} (the table refuses {@code link}). */
    @Column(nullable = false)
    private Visibility visibility;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    protected SnippetCollection() {}

    public SnippetCollection(
            String id,
            String ownerId,
            String parentId,
            String name,
            String description,
            Visibility visibility,
            Instant now) {
        this.id = id;
        this.ownerId = ownerId;
        this.parentId = parentId;
        this.name = name;
        this.description = description;
        this.visibility = visibility;
        this.createdAt = now;
        this.updatedAt = now;
    }

    public void rename(String newName, Instant now) {
        name = newName;
        updatedAt = now;
    }

    public void describe(String newDescription, Instant now) {
        description = newDescription;
        updatedAt = now;
    }

    /** Into another collection of the owner's, or ({@code null}) to the top. */
    public void moveInto(String newParentId, Instant now) {
        parentId = newParentId;
        updatedAt = now;
    }

    public void show(Visibility newVisibility, Instant now) {
        visibility = newVisibility;
        updatedAt = now;
    }

    /** Marks a change of its snippets, their order or its shares. */
    public void touch(Instant now) {
        updatedAt = now;
    }

    public String id() {
        return id;
    }

    public String ownerId() {
        return ownerId;
    }

    public Optional<String> parentId() {
        return Optional.ofNullable(parentId);
    }

    public String name() {
        return name;
    }

    public Optional<String> description() {
        return Optional.ofNullable(description);
    }

    public Visibility visibility() {
        return visibility;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant updatedAt() {
        return updatedAt;
    }
}
