package io.snippetstore.snippets.entity;

import java.io.Serializable;
import java.io.StringReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.snippetstore.platform.JsonProviders;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonString;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * One version of a snippet's fields: who made it, when, and which fields it changed (migration
 * V15). Written with every version from the second on, and the first with the second (until
 * then the snippet is its only version); never changed afterwards. Written as an entity, read
 * with its author's username by native SQL ({@code RevisionRows}).
 */
@Entity
@Table(name = "snippet_revisions")
@IdClass(SnippetRevision.Key.class)
@NamedQuery(
        name = SnippetRevision.PRUNE_BELOW,
        query = "DELETE FROM SnippetRevision r WHERE r.snippetId = :snippetId AND r.version < :version")
public class SnippetRevision {

    public static final String PRUNE_BELOW = "SnippetRevision.pruneBelow";

    /** The names of the fields a revision may change, in the API's order. */
    public static final List<String> FIELDS =
            List.of("title", "description", "notes", "language", "code", "tags", "visibility");

    @Id
    @Column(name = "snippet_id")
    private String snippetId;

    @Id
    private long version;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "author_id", nullable = false)
    private String authorId;

    /** A JSON array of field names; {@code null} when not known (a version from before revisions were kept). */
    private String changed;

    @Column(nullable = false, length = Snippet.TITLE_MAX)
    private String title;

    @Column(length = Snippet.DESCRIPTION_MAX)
    private String description;

    @Column(nullable = false, length = Snippet.LANGUAGE_MAX)
    private String language;

    /** A JSON array of the tags in order. */
    @Column(nullable = false)
    private String tags;

    @Column(nullable = false)
    private Visibility visibility;

    @Column(nullable = false)
    private String packing;

    private byte[] notes;

    @Column(nullable = false)
    private byte[] code;

    protected SnippetRevision() {}

    /** The revision of the version {@code snippet} is at now, which changed {@code changed} (every field for a new snippet). */
    public SnippetRevision(Snippet snippet, String authorId, List<String> changed) {
        this(snippet.id(), snippet.version(), snippet.updatedAt(), authorId, Optional.of(changed), snippet.fields());
    }

    /**
     * The first version of a snippet still at it: its owner's (who alone creates), made when the
     * snippet was, with every field new.
     */
    public static SnippetRevision firstOf(Snippet snippet) {
        return new SnippetRevision(
                snippet.id(), 1, snippet.createdAt(), snippet.ownerId(), Optional.of(FIELDS), snippet.fields());
    }

    /** A version as it was made, at {@code createdAt} (an imported snippet's history). */
    public SnippetRevision(
            String snippetId,
            long version,
            Instant createdAt,
            String authorId,
            Optional<List<String>> changed,
            SnippetFields fields) {
        this.snippetId = snippetId;
        this.version = version;
        this.createdAt = createdAt;
        this.authorId = authorId;
        this.changed = changed.map(SnippetRevision::jsonArray).orElse(null);
        this.title = fields.title();
        this.description = fields.description();
        this.language = fields.language();
        this.tags = jsonArray(fields.tags());
        this.visibility = fields.visibility();
        this.packing = TextPacking.DEFLATE.storedName();
        this.notes = fields.notes() == null ? null : TextPacking.DEFLATE.pack(fields.notes());
        this.code = TextPacking.DEFLATE.pack(fields.code());
    }

    /** The names of the fields that differ between two states, in {@link #FIELDS}' order. */
    public static List<String> changedFields(SnippetFields before, SnippetFields after) {
        List<String> changed = new ArrayList<>();
        add(changed, "title", before.title(), after.title());
        add(changed, "description", before.description(), after.description());
        add(changed, "notes", before.notes(), after.notes());
        add(changed, "language", before.language(), after.language());
        add(changed, "code", before.code(), after.code());
        add(changed, "tags", before.tags(), after.tags());
        add(changed, "visibility", before.visibility(), after.visibility());
        return changed;
    }

    private static void add(List<String> changed, String name, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            changed.add(name);
        }
    }

    public static String jsonArray(List<String> values) {
        JsonArrayBuilder array = JsonProviders.SHARED.createArrayBuilder();
        values.forEach(array::add);
        return array.build().toString();
    }

    public static List<String> strings(String jsonArray) {
        return JsonProviders.SHARED
                .createReader(new StringReader(jsonArray))
                .readArray()
                .getValuesAs(JsonString.class)
                .stream()
                .map(JsonString::getString)
                .toList();
    }

    /** The key: a snippet and one of its versions. */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        private String snippetId;
        private long version;

        public Key() {}

        public Key(String snippetId, long version) {
            this.snippetId = snippetId;
            this.version = version;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.snippetId.equals(snippetId) && key.version == version;
        }

        @Override
        public int hashCode() {
            return Objects.hash(snippetId, version);
        }
    }
}
