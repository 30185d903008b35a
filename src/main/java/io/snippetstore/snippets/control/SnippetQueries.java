package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.snippetstore.storage.control.Database;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The snippet reads, in SQL, because JPA cannot say FTS5 MATCH, the application's text functions
 * or row values: one statement per page ({@link SnippetListStatement}) that returns each snippet
 * with its tags, read off the index of its order.
 */
@ApplicationScoped
public class SnippetQueries {

    /** The most languages, and the most tags, a facet answer names. */
    static final int FACETS_MAX = 100;

    /**
     * A page ends early, with a next cursor, once the snippets on it hold more than this many
     * characters of code, notes and description: a page of 1 MiB snippets would otherwise hold
     * {@code limit} of them in memory at once, and several such pages more than the heap.
     */
    public static final long PAGE_TEXT_MAX_CHARS = 2L * 1024 * 1024;

    @Inject
    Database database;

    @Inject
    SearchPlanner planner;

    @Inject
    CursorCodec cursors;

    public Optional<SnippetData> find(String id) {
        return database.first("SELECT " + SnippetRows.COLUMNS + " FROM snippets s WHERE s.id = ?", List.of(id), SnippetRows::snippet);
    }

    /** A page of the list, for the caller (whose own snippets the scopes own and all include). */
    public SnippetPage list(String callerId, SnippetQuery query) {
        SnippetOrder order = SnippetOrder.of(query.sort());
        Optional<List<Object>> after = query.cursor().map(cursor -> {
            List<String> position = cursors.decode(cursor, query.fingerprint(), 2);
            return List.of(order.keyParameter(position.get(0)), position.get(1));
        });
        SnippetListStatement statement = SnippetListStatement.of(callerId, query, planner.plan(callerId, query), after);
        List<ListedSnippet> rows = database.listUntil(statement.sql(), statement.parameters(), SnippetRows::listed,
                read -> isFull(read, query.limit()));
        // the row that made the page full, if any, is read only to know that there is more
        boolean more = isFull(rows, query.limit());
        List<ListedSnippet> page = more ? rows.subList(0, rows.size() - 1) : rows;
        String next = null;
        if (more) {
            ListedSnippet last = page.get(page.size() - 1);
            next = cursors.encode(query.fingerprint(), List.of(order.keyOf(last), last.snippet().id()));
        }
        List<String> terms = query.terms().all();
        Map<String, MatchExcerpt> matches = new HashMap<>();
        page.forEach(listed -> MatchExcerpt.of(listed.snippet(), terms).ifPresent(match -> matches.put(listed.snippet().id(), match)));
        return new SnippetPage(page.stream().map(ListedSnippet::snippet).toList(), matches, next, query.limit());
    }

    /** Whether the rows read hold a whole page and one more: {@code limit} rows, or the rows before the last past the text budget. */
    static boolean isFull(List<ListedSnippet> read, int limit) {
        if (read.size() > limit) {
            return true;
        }
        long chars = 0;
        for (int i = 0; i < read.size() - 1; i++) {
            chars += textChars(read.get(i).snippet());
        }
        return chars > PAGE_TEXT_MAX_CHARS;
    }

    private static long textChars(SnippetData snippet) {
        var fields = snippet.fields();
        return length(fields.code()) + length(fields.notes()) + length(fields.description());
    }

    private static long length(String text) {
        return text == null ? 0 : text.length();
    }

    /** The languages and tags of everything the query matches (its order, page size and cursor aside). */
    public SnippetFacets facets(String callerId, SnippetQuery query) {
        SnippetMatching matching = SnippetMatching.of(callerId, query, planner.plan(callerId, query));
        String sql = "WITH " + matching.hits() + "matching AS (SELECT s.id, s.language " + matching.fromWhere() + ") "
                + "SELECT 'language' AS kind, min(language) AS name, count(*) AS n FROM matching GROUP BY language COLLATE NOCASE "
                + "UNION ALL SELECT 'tag', t.tag, count(*) FROM matching m JOIN snippet_tags t ON t.snippet_id = m.id GROUP BY t.tag";
        List<Object> parameters = new ArrayList<>(matching.hitsParameters());
        parameters.addAll(matching.whereParameters());
        List<Object[]> rows = database.list(sql, parameters, row -> new Object[] {row.getString("kind"), row.getString("name"), row.getLong("n")});
        return new SnippetFacets(facetsOf(rows, "language"), facetsOf(rows, "tag"));
    }

    private static List<SnippetFacets.Facet> facetsOf(List<Object[]> rows, String kind) {
        return rows.stream().filter(row -> row[0].equals(kind))
                .map(row -> new SnippetFacets.Facet((String) row[1], (Long) row[2]))
                .sorted(Comparator.comparingLong(SnippetFacets.Facet::count).reversed().thenComparing(SnippetFacets.Facet::name))
                .limit(FACETS_MAX)
                .toList();
    }
}
