package io.snippetstore.search.control;

import java.io.StringReader;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import io.snippetstore.platform.JsonProviders;
import io.snippetstore.storage.control.Database;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.JsonString;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * What the index is fed from: the snippets as stored, and the log of their changes (table
 * {@code search_changes}, written by triggers in each change's transaction, migration V14). The
 * search component's native SQL, all of it here: JPA cannot read a trigger's log or stream rows
 * for a rebuild without holding them in a persistence context.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class IndexFeed {

    /** A change: its number in commit order and the snippet it touched. */
    public record Change(long sequence, String snippetId) {}

    /** The entries of collections that give reading: those the snippet's owner made (docs/API.md, "Collections"). */
    private static final String GRANTING = "FROM collection_snippets cs JOIN collections c ON c.id = cs.collection_id";

    private static final String OF_THE_OWNER = " WHERE cs.snippet_id = s.id AND cs.added_by = s.owner_id";

    private static final String COLUMNS =
            "s.seq, s.id, s.owner_id, s.visibility, s.title, s.title_sort, s.description, s.notes, "
                    + "s.language, s.code, s.created_at, s.updated_at, "
                    + "(SELECT json_group_array(t.tag ORDER BY t.position) FROM snippet_tags t WHERE t.snippet_id = s.id) AS tags, "
                    + "(SELECT json_group_array(g.group_id) FROM snippet_groups g WHERE g.snippet_id = s.id) AS group_ids, "
                    + "(SELECT json_group_array(cs.collection_id) FROM collection_snippets cs WHERE cs.snippet_id = s.id) "
                    + "AS collection_ids, "
                    + "EXISTS (SELECT 1 " + GRANTING + OF_THE_OWNER
                    + " AND c.visibility = 'team') AS in_team_collection, "
                    + "(SELECT json_group_array(DISTINCT cg.group_id) " + GRANTING
                    + " JOIN collection_groups cg ON cg.collection_id = c.id" + OF_THE_OWNER
                    + ") AS collection_group_ids, "
                    + "(SELECT json_group_array(DISTINCT c.owner_id) " + GRANTING + OF_THE_OWNER
                    + ") AS collection_owner_ids, "
                    + "(SELECT json_group_array(st.user_id) FROM snippet_stars st WHERE st.snippet_id = s.id) AS starred_by";
    /** Rows read per statement: SQLite's default limit of bound parameters is far above it. */
    private static final int BATCH = 200;
    /** Characters of text a batch stops at (one row past it): a batch of 1 MiB snippets stays a few MiB. */
    private static final long BATCH_CHARS = 8L * 1024 * 1024;

    @Inject
    Database database;

    @PersistenceContext
    EntityManager em;

    /** The number of the last change committed (0 when there was none). */
    public long lastSequence() {
        return database.first(
                        "SELECT seq FROM sqlite_sequence WHERE name = 'search_changes'",
                        List.of(),
                        row -> row.getLong(1))
                .orElse(0L);
    }

    /** The next changes after {@code sequence}, in order, at most {@code BATCH} of them. */
    public List<Change> changesAfter(long sequence) {
        return database.list(
                "SELECT seq, snippet_id FROM search_changes WHERE seq > ? ORDER BY seq LIMIT ?",
                List.of(sequence, BATCH),
                row -> new Change(row.getLong(1), row.getString(2)));
    }

    /** The snippets of these ids that exist, out of the trash (the index holds no trashed snippet). */
    public List<IndexedSnippet> snippets(Collection<String> ids) {
        List<IndexedSnippet> snippets = new ArrayList<>();
        List<String> remaining = List.copyOf(ids);
        for (int from = 0; from < remaining.size(); from += BATCH) {
            List<String> some = remaining.subList(from, Math.min(from + BATCH, remaining.size()));
            String placeholders = String.join(", ", some.stream().map(id -> "?").toList());
            snippets.addAll(database.list(
                    "SELECT " + COLUMNS + " FROM snippets s WHERE s.id IN (" + placeholders
                            + ") AND s.trashed_at IS NULL",
                    some,
                    IndexFeed::snippet));
        }
        return snippets;
    }

    /** The next snippets in storage order after the row {@code seq} (0: from the first), a bounded batch; with their row numbers. */
    public List<Stored> snippetsAfter(long seq) {
        return database.listUntil(
                "SELECT " + COLUMNS
                        + " FROM snippets s WHERE s.seq > ? AND s.trashed_at IS NULL ORDER BY s.seq LIMIT ?",
                List.of(seq, BATCH),
                row -> new Stored(row.getLong("seq"), snippet(row)),
                IndexFeed::isFull);
    }

    /** A snippet as stored, with its row number. */
    public record Stored(long seq, IndexedSnippet snippet) {}

    public long snippetCount() {
        return database.first(
                        "SELECT count(*) FROM snippets WHERE trashed_at IS NULL", List.of(), row -> row.getLong(1))
                .orElse(0L);
    }

    /** Deletes the changes up to {@code sequence}, which a durable index holds. */
    @WriteTransaction(freesSpace = true)
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public void forgetUpTo(long sequence) {
        em.createNativeQuery("DELETE FROM search_changes WHERE seq <= ?")
                .setParameter(1, sequence)
                .executeUpdate();
    }

    private static boolean isFull(List<Stored> read) {
        long chars = 0;
        for (Stored stored : read) {
            IndexedSnippet snippet = stored.snippet();
            chars += snippet.code().length() + length(snippet.notes()) + length(snippet.description());
        }
        return chars > BATCH_CHARS;
    }

    private static long length(String text) {
        return text == null ? 0 : text.length();
    }

    private static IndexedSnippet snippet(ResultSet row) throws SQLException {
        return new IndexedSnippet(
                row.getString("id"),
                row.getString("owner_id"),
                row.getString("visibility"),
                strings(row.getString("group_ids")),
                row.getString("title"),
                row.getString("title_sort"),
                row.getString("description"),
                row.getString("notes"),
                row.getString("language"),
                row.getString("code"),
                strings(row.getString("tags")),
                row.getLong("created_at"),
                row.getLong("updated_at"),
                new IndexedSnippet.Reach(
                        strings(row.getString("collection_ids")),
                        row.getBoolean("in_team_collection"),
                        strings(row.getString("collection_group_ids")),
                        strings(row.getString("collection_owner_ids")),
                        strings(row.getString("starred_by"))));
    }

    private static List<String> strings(String jsonArray) {
        return JsonProviders.SHARED
                .createReader(new StringReader(jsonArray))
                .readArray()
                .getValuesAs(JsonString.class)
                .stream()
                .map(JsonString::getString)
                .toList();
    }
}
