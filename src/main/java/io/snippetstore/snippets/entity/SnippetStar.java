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

/** A user's star on a snippet they may read. The database deletes it with the user or the snippet. */
@Entity
@Table(name = "snippet_stars")
@IdClass(SnippetStar.Key.class)
@NamedQuery(
        name = SnippetStar.COUNT_OF_SNIPPET,
        query = "SELECT COUNT(s) FROM SnippetStar s WHERE s.snippetId = :snippetId")
public class SnippetStar {

    public static final String COUNT_OF_SNIPPET = "SnippetStar.countOfSnippet";

    /** The key: a class with fields JPA can set (a record's are final). */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        private String userId;
        private String snippetId;

        public Key() {}

        public Key(String userId, String snippetId) {
            this.userId = userId;
            this.snippetId = snippetId;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.userId.equals(userId) && key.snippetId.equals(snippetId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(userId, snippetId);
        }
    }

    @Id
    @Column(name = "user_id")
    private String userId;

    @Id
    @Column(name = "snippet_id")
    private String snippetId;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected SnippetStar() {}

    public SnippetStar(String userId, String snippetId, Instant createdAt) {
        this.userId = userId;
        this.snippetId = snippetId;
        this.createdAt = createdAt;
    }
}
