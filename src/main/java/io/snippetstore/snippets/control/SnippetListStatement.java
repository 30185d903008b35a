package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.JsonProviders;
import jakarta.json.JsonArrayBuilder;

/**
 * The SQL of one page of the snippet list, with its parameters in order. Without a search: first
 * the page: only keys pass through the scope and filters, order and limit, read off the index of
 * the order. Then the columns and tags of just those rows. One more row than the page is read:
 * whether it exists says whether there is a next page.
 */
record SnippetListStatement(String sql, List<Object> parameters) {

    private static final String KEYS = "s.seq, s.id, s.updated_at, s.created_at, s.title_sort";

    /**
     * The rows of a search's page: the snippets of these ids (the index's hits) that the caller
     * may still list in the scope. The ids come first (CROSS JOIN keeps SQLite's join order), each
     * read by its key: left to itself the planner may walk the owner's index instead, through all
     * of the owner's snippets.
     */
    static SnippetListStatement ofHits(String callerId, SnippetScope scope, List<String> ids) {
        List<Object> parameters = new ArrayList<>();
        parameters.add(jsonArray(ids));
        for (int i = 0; i < scope.callerParameters(); i++) {
            parameters.add(callerId);
        }
        String sql = "SELECT " + SnippetRows.COLUMNS
                + " FROM (SELECT value AS id FROM json_each(?)) hit CROSS JOIN snippets s ON s.id = hit.id" + " WHERE "
                + scope.condition();
        return new SnippetListStatement(sql, List.copyOf(parameters));
    }

    /**
     * What a list does with the caller's pinned snippets: in scopes with the caller's own, they
     * are read first, by themselves ({@code ONLY}, on the first page), and left out of the pages
     * ({@code EXCLUDED}); other scopes order them as any other ({@code ORDERED}).
     */
    enum Pins {
        ORDERED,
        EXCLUDED,
        ONLY;

        static Pins of(SnippetScope scope) {
            return scope == SnippetScope.OWN || scope == SnippetScope.ALL ? EXCLUDED : ORDERED;
        }
    }

    /**
     * @param collections the collections a snippet must be in one of (any, when none)
     * @param after the position (sort key, id) of the previous page's last row, if any
     */
    static SnippetListStatement of(
            String callerId, SnippetQuery query, Set<String> collections, Pins pins, Optional<List<Object>> after) {
        SnippetOrder order = SnippetOrder.of(query.sort());
        StringBuilder sql = new StringBuilder("WITH page AS (SELECT ")
                .append(KEYS)
                .append(" FROM snippets s WHERE ")
                .append(query.scope().condition());
        List<Object> parameters = new ArrayList<>();
        for (int i = 0; i < query.scope().callerParameters(); i++) {
            parameters.add(callerId);
        }
        for (ListFilter.Condition condition : ListFilter.sqlOf(new ListFilter.Listing(callerId, query, collections))) {
            sql.append(" AND ").append(condition.sql());
            parameters.addAll(condition.parameters());
        }
        if (pins == Pins.EXCLUDED) {
            sql.append(" AND NOT (s.owner_id = ? AND s.pinned_at IS NOT NULL)");
            parameters.add(callerId);
        }
        if (pins == Pins.ONLY) {
            sql.append(" AND s.owner_id = ? AND s.pinned_at IS NOT NULL");
            parameters.add(callerId);
        }
        if (after.isPresent()) {
            sql.append(" AND ").append(order.after());
            parameters.addAll(after.get());
        }
        // the latest pinned first
        String keys = pins == Pins.ONLY ? "s.pinned_at DESC, s.id DESC" : order.orderOfKeys();
        sql.append(" ORDER BY ").append(keys).append(" LIMIT ?) ");
        parameters.add(query.limit() + 1);
        // a summary has no excerpt to make from code or notes: they are not read
        String columns = query.summary() ? SnippetRows.SUMMARY_COLUMNS : SnippetRows.COLUMNS;
        sql.append("SELECT ")
                .append(columns)
                .append(" FROM page p CROSS JOIN snippets s ON s.seq = p.seq ORDER BY ")
                .append(pins == Pins.ONLY ? "s.pinned_at DESC, s.id DESC" : order.orderOfRows());
        return new SnippetListStatement(sql.toString(), List.copyOf(parameters));
    }

    /** Ids as one parameter, a JSON array that {@code json_each} reads. */
    static String jsonArray(Collection<String> ids) {
        JsonArrayBuilder array = JsonProviders.SHARED.createArrayBuilder();
        ids.forEach(array::add);
        return array.build().toString();
    }
}
