package io.snippetstore.snippets.entity;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * A snippet in a collection, at its position, and who put it there. Whoever may read the
 * collection reads the snippet through it only when the snippet's owner put it there: a
 * collection never gives access its snippets' owners did not give. The database deletes it with
 * the snippet or the collection.
 */
@Entity
@Table(name = "collection_snippets")
@IdClass(CollectionEntry.Key.class)
@NamedQuery(
        name = CollectionEntry.GRANTS_READING,
        query = "SELECT COUNT(e) FROM CollectionEntry e, SnippetCollection c "
                + "WHERE e.snippetId = :snippetId AND e.addedBy = :ownerId AND c.id = e.collectionId "
                + "AND (c.ownerId = :userId OR c.visibility = :team OR EXISTS (SELECT s FROM CollectionShare s, "
                + "GroupMember m WHERE s.collectionId = c.id AND m.groupId = s.groupId AND m.userId = :userId))")
@NamedQuery(
        name = CollectionEntry.COUNT_IN_READABLE_OF,
        query = "SELECT COUNT(e) FROM CollectionEntry e, SnippetCollection c "
                + "WHERE e.snippetId = :snippetId AND c.id = e.collectionId AND c.id IN :collectionIds "
                + "AND (c.ownerId = :userId OR c.visibility = :team OR EXISTS (SELECT s FROM CollectionShare s, "
                + "GroupMember m WHERE s.collectionId = c.id AND m.groupId = s.groupId AND m.userId = :userId))")
@NamedQuery(
        name = CollectionEntry.READABLE_HOLDERS,
        query = "SELECT c.id, c.name FROM CollectionEntry e, SnippetCollection c "
                + "WHERE e.snippetId = :snippetId AND c.id = e.collectionId "
                + "AND (c.ownerId = :userId OR c.visibility = :team OR EXISTS (SELECT s FROM CollectionShare s, "
                + "GroupMember m WHERE s.collectionId = c.id AND m.groupId = s.groupId AND m.userId = :userId)) "
                + "ORDER BY c.name, c.id")
@NamedQuery(
        name = CollectionEntry.COUNT_IN,
        query = "SELECT COUNT(e) FROM CollectionEntry e WHERE e.collectionId = :collectionId")
@NamedQuery(
        name = CollectionEntry.LAST_POSITION,
        query = "SELECT MAX(e.position) FROM CollectionEntry e WHERE e.collectionId = :collectionId")
@NamedQuery(
        name = CollectionEntry.SHIFT,
        query = "UPDATE CollectionEntry e SET e.position = e.position + :by "
                + "WHERE e.collectionId = :collectionId AND e.position >= :from AND e.position <= :to")
@NamedQuery(
        name = CollectionEntry.DELETE_OF_COLLECTION,
        query = "DELETE FROM CollectionEntry e WHERE e.collectionId = :collectionId")
public class CollectionEntry {

    public static final String GRANTS_READING = "CollectionEntry.grantsReading";
    public static final String READABLE_HOLDERS = "CollectionEntry.readableHolders";
    /** How many of these collections that the user may read hold the snippet. */
    public static final String COUNT_IN_READABLE_OF = "CollectionEntry.countInReadableOf";

    public static final String COUNT_IN = "CollectionEntry.countIn";
    public static final String LAST_POSITION = "CollectionEntry.lastPosition";
    public static final String SHIFT = "CollectionEntry.shift";
    public static final String DELETE_OF_COLLECTION = "CollectionEntry.deleteOfCollection";

    /** The key: a class with fields JPA can set (a record's are final). */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        private String collectionId;
        private String snippetId;

        public Key() {}

        public Key(String collectionId, String snippetId) {
            this.collectionId = collectionId;
            this.snippetId = snippetId;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.collectionId.equals(collectionId) && key.snippetId.equals(snippetId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(collectionId, snippetId);
        }
    }

    @Id
    @Column(name = "collection_id")
    private String collectionId;

    @Id
    @Column(name = "snippet_id")
    private String snippetId;

    @Column(nullable = false)
    private long position;

    @Column(name = "added_by", nullable = false)
    private String addedBy;

    @Column(name = "added_at", nullable = false)
    private Instant addedAt;

    protected CollectionEntry() {}

    public CollectionEntry(String collectionId, String snippetId, long position, String addedBy, Instant addedAt) {
        this.collectionId = collectionId;
        this.snippetId = snippetId;
        this.position = position;
        this.addedBy = addedBy;
        this.addedAt = addedAt;
    }

    public void moveTo(long newPosition) {
        position = newPosition;
    }

    public String snippetId() {
        return snippetId;
    }

    public long position() {
        return position;
    }

    public String addedBy() {
        return addedBy;
    }
}
