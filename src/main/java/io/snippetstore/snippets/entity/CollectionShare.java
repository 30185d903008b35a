package io.snippetstore.snippets.entity;

import java.io.Serializable;
import java.util.Objects;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * A collection shared with a group: its members read it, and with {@code write} add and remove
 * snippets of their own. The database deletes it with the collection or the group.
 */
@Entity
@Table(name = "collection_groups")
@IdClass(CollectionShare.Key.class)
@NamedQuery(
        name = CollectionShare.OF_COLLECTION,
        query = "SELECT s.groupId, g.name, s.access FROM CollectionShare s, UserGroup g "
                + "WHERE s.collectionId = :collectionId AND g.id = s.groupId ORDER BY g.name, g.id")
@NamedQuery(
        name = CollectionShare.ACCESS_OF_MEMBER,
        query = "SELECT s.access FROM CollectionShare s, GroupMember m "
                + "WHERE s.collectionId = :collectionId AND m.groupId = s.groupId AND m.userId = :userId")
@NamedQuery(
        name = CollectionShare.DELETE_OF_COLLECTION,
        query = "DELETE FROM CollectionShare s WHERE s.collectionId = :collectionId")
public class CollectionShare {

    public static final String OF_COLLECTION = "CollectionShare.ofCollection";
    public static final String ACCESS_OF_MEMBER = "CollectionShare.accessOfMember";
    public static final String DELETE_OF_COLLECTION = "CollectionShare.deleteOfCollection";

    /** The key: a class with fields JPA can set (a record's are final). */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        private String collectionId;
        private String groupId;

        public Key() {}

        public Key(String collectionId, String groupId) {
            this.collectionId = collectionId;
            this.groupId = groupId;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.collectionId.equals(collectionId) && key.groupId.equals(groupId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(collectionId, groupId);
        }
    }

    @Id
    @Column(name = "collection_id")
    private String collectionId;

    @Id
    @Column(name = "group_id")
    private String groupId;

    @Column(nullable = false)
    private String access;

    protected CollectionShare() {}

    public CollectionShare(String collectionId, String groupId, String access) {
        this.collectionId = collectionId;
        this.groupId = groupId;
        this.access = access;
    }
}
