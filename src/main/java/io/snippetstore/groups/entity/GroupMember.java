package io.snippetstore.groups.entity;

import java.io.Serializable;
import java.util.Objects;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** A user's membership of a group; the database deletes it with the group or the user. */
@Entity
@Table(name = "group_members")
@IdClass(GroupMember.Key.class)
@NamedQuery(name = GroupMember.OF_USER, query = "SELECT m FROM GroupMember m WHERE m.userId = :userId")
public class GroupMember {

    public static final String OF_USER = "GroupMember.ofUser";

    /** The key: a class with fields JPA can set (a record's are final). */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        private String groupId;
        private String userId;

        public Key() {}

        public Key(String groupId, String userId) {
            this.groupId = groupId;
            this.userId = userId;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.groupId.equals(groupId) && key.userId.equals(userId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(groupId, userId);
        }
    }

    @Id
    @Column(name = "group_id")
    private String groupId;

    @Id
    @Column(name = "user_id")
    private String userId;

    protected GroupMember() {}

    public GroupMember(String groupId, String userId) {
        this.groupId = groupId;
        this.userId = userId;
    }

    public String groupId() {
        return groupId;
    }

    public String userId() {
        return userId;
    }
}
