package io.snippetstore.snippets.entity;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

/**
 * A code snippet of one owner. Every change is logged for the search index by triggers (migration
 * V14). A deleted snippet is in the trash ({@code trashedAt} set) until it is restored or purged:
 * every query but the trash's leaves it out.
 */
@Entity
@Table(name = "snippets")
// every snippet stored, those in the trash too (the storage settings count what the database holds)
@NamedQuery(name = Snippet.COUNT, query = "SELECT COUNT(s) FROM Snippet s")
@NamedQuery(
        name = Snippet.OWNER_AND_VISIBILITY,
        query = "SELECT s.ownerId, s.visibility FROM Snippet s WHERE s.id = :id AND s.trashedAt IS NULL")
// the users table by its entity name only: a disabled owner's links open nothing
@NamedQuery(
        name = Snippet.SHARED_BY_LINK_OF_ENABLED_OWNER,
        query =
                "SELECT COUNT(s) FROM Snippet s, User u "
                        + "WHERE s.id = :id AND s.visibility <> :privately AND s.trashedAt IS NULL AND u.id = s.ownerId AND u.disabledAt IS NULL")
@NamedQuery(
        name = Snippet.OWNER_USERNAME,
        query = "SELECT u.username FROM Snippet s, User u WHERE s.id = :id AND u.id = s.ownerId")
@NamedQuery(
        name = Snippet.OWNED_AFTER,
        query =
                "SELECT s FROM Snippet s WHERE s.ownerId = :ownerId AND s.id > :after AND s.trashedAt IS NULL ORDER BY s.id")
@NamedQuery(
        name = Snippet.PINNED_OF_OWNER,
        query =
                "SELECT s.id FROM Snippet s WHERE s.ownerId = :ownerId AND s.pinnedAt IS NOT NULL AND s.trashedAt IS NULL"
                        + " ORDER BY s.pinnedAt DESC")
@NamedQuery(
        name = Snippet.PINNED_COUNT,
        query =
                "SELECT COUNT(s) FROM Snippet s WHERE s.ownerId = :ownerId AND s.pinnedAt IS NOT NULL AND s.trashedAt IS NULL")
public class Snippet {

    public static final String PINNED_COUNT = "Snippet.pinnedCount";
    public static final String PINNED_OF_OWNER = "Snippet.pinnedOfOwner";

    public static final String COUNT = "Snippet.count";
    public static final String OWNER_AND_VISIBILITY = "Snippet.ownerAndVisibility";
    public static final String OWNER_USERNAME = "Snippet.ownerUsername";
    public static final String SHARED_BY_LINK_OF_ENABLED_OWNER = "Snippet.sharedByLinkOfEnabledOwner";
    public static final String OWNED_AFTER = "Snippet.ownedAfter";

    public static final int TITLE_MAX = 200;
    public static final int DESCRIPTION_MAX = 2_000;
    public static final int NOTES_MAX = 20_000;
    public static final int LANGUAGE_MAX = 64;
    public static final int TAG_MAX = 50;
    public static final int TAGS_MAX = 32;

    @Id
    private String id;

    @Column(name = "owner_id", nullable = false)
    private String ownerId;

    @Column(nullable = false, length = TITLE_MAX)
    private String title;

    @Column(name = "title_sort", nullable = false, length = TITLE_MAX)
    private String titleSort;

    @Column(length = DESCRIPTION_MAX)
    private String description;

    @Column(length = NOTES_MAX)
    private String notes;

    @Column(nullable = false, length = LANGUAGE_MAX)
    private String language;

    @Column(nullable = false)
    private String code;

    @ElementCollection
    @CollectionTable(name = "snippet_tags", joinColumns = @JoinColumn(name = "snippet_id", referencedColumnName = "id"))
    @OrderColumn(name = "position")
    @Column(name = "tag", nullable = false, length = TAG_MAX)
    private List<String> tags = new ArrayList<>();

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    @Column(nullable = false)
    private long version;

    @Column(name = "attachment_count", nullable = false, insertable = false, updatable = false)
    private int attachmentCount;

    @Column(nullable = false)
    private Visibility visibility;

    @Column(name = "trashed_at")
    private Instant trashedAt;

    @Column(name = "pinned_at")
    private Instant pinnedAt;

    protected Snippet() {}

    public Snippet(String id, String ownerId, SnippetFields fields, Instant now) {
        this.id = id;
        this.ownerId = ownerId;
        this.createdAt = now;
        this.version = 0;
        change(fields, now);
    }

    /** A snippet brought in by an import at the version it had where it was exported (1 or more). */
    public static Snippet imported(String id, String ownerId, SnippetFields fields, Instant now, long version) {
        Snippet snippet = new Snippet(id, ownerId, fields, now);
        snippet.version = version;
        return snippet;
    }

    /** Takes the fields; counts a new version only when one of them really changed. */
    public boolean change(SnippetFields fields, Instant now) {
        if (fields.equals(fields())) {
            return false;
        }
        title = fields.title();
        titleSort = fields.title().toLowerCase(Locale.ROOT);
        description = fields.description();
        notes = fields.notes();
        language = fields.language();
        code = fields.code();
        tags.clear();
        tags.addAll(fields.tags());
        visibility = fields.visibility();
        updatedAt = now;
        version++;
        return true;
    }

    /** Moves the snippet to the trash; its fields and version stay as they were. */
    public void trash(Instant now) {
        trashedAt = now;
    }

    /** Takes the snippet out of the trash, as it was when it went in. */
    public void untrash() {
        trashedAt = null;
    }

    /** Pins the snippet to the top of its owner's lists (again: to the very top). */
    public void pin(Instant now) {
        pinnedAt = now;
    }

    public void unpin() {
        pinnedAt = null;
    }

    public boolean isPinned() {
        return pinnedAt != null;
    }

    public boolean isTrashed() {
        return trashedAt != null;
    }

    /** When it went to the trash, if it is there. */
    public Optional<Instant> trashedAt() {
        return Optional.ofNullable(trashedAt);
    }

    public SnippetFields fields() {
        return new SnippetFields(title, description, notes, language, code, List.copyOf(tags), visibility);
    }

    public String id() {
        return id;
    }

    public String ownerId() {
        return ownerId;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant updatedAt() {
        return updatedAt;
    }

    public long version() {
        return version;
    }

    public int attachmentCount() {
        return attachmentCount;
    }

    public Visibility visibility() {
        return visibility;
    }
}
