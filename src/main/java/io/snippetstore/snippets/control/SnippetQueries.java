package io.snippetstore.snippets.control;

import java.util.List;
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
        SnippetListStatement statement = SnippetListStatement.of(callerId, query, planner.plan(query), after);
        List<ListedSnippet> rows = database.list(statement.sql(), statement.parameters(), SnippetRows::listed);
        boolean more = rows.size() > query.limit();
        List<ListedSnippet> page = more ? rows.subList(0, query.limit()) : rows;
        String next = null;
        if (more) {
            ListedSnippet last = page.get(page.size() - 1);
            next = cursors.encode(query.fingerprint(), List.of(order.keyOf(last), last.snippet().id()));
        }
        return new SnippetPage(page.stream().map(ListedSnippet::snippet).toList(), next, query.limit());
    }
}
