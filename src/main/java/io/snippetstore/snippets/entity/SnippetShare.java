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
 * A snippet shared with a group: its members read it, and with {@code write} change its six
 * fields. The database deletes it with the snippet or the group. The groups and their members are
 * named by entity name only (the groups component's), as the users table is for links.
 */
@Entity
@Table(name = "snippet_groups")
@IdClass(SnippetShare.Key.class)
@NamedQuery(
        name = SnippetShare.OF_SNIPPET,
        query = "SELECT s.groupId, g.name, s.access FROM SnippetShare s, UserGroup g "
                + "WHERE s.snippetId = :snippetId AND g.id = s.groupId ORDER BY g.name, g.id")
@NamedQuery(
        name = SnippetShare.ACCESS_OF_MEMBER,
        query = "SELECT s.access FROM SnippetShare s, GroupMember m "
                + "WHERE s.snippetId = :snippetId AND m.groupId = s.groupId AND m.userId = :userId")
@NamedQuery(name = SnippetShare.DELETE_OF_SNIPPET, query = "DELETE FROM SnippetShare s WHERE s.snippetId = :snippetId")
public class SnippetShare {

    public static final String OF_SNIPPET = "SnippetShare.ofSnippet";
    public static final String ACCESS_OF_MEMBER = "SnippetShare.accessOfMember";
    public static final String DELETE_OF_SNIPPET = "SnippetShare.deleteOfSnippet";

    /** The most groups one snippet is shared with. */
    public static final int GROUPS_MAX = 50;

    public static final String READ = "read";
    public static final String WRITE = "write";

    /** The key: a class with fields JPA can set (a record's are final). */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        private String snippetId;
        private String groupId;

        public Key() {}

        public Key(String snippetId, String groupId) {
            this.snippetId = snippetId;
            this.groupId = groupId;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.snippetId.equals(snippetId) && key.groupId.equals(groupId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(snippetId, groupId);
        }
    }

    @Id
    @Column(name = "snippet_id")
    private String snippetId;

    @Id
    @Column(name = "group_id")
    private String groupId;

    @Column(nullable = false)
    private String access;

    protected SnippetShare() {}

    public SnippetShare(String snippetId, String groupId, String access) {
        this.snippetId = snippetId;
        this.groupId = groupId;
        this.access = access;
    }
}
