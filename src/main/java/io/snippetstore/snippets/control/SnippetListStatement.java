package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of one page of the snippet list, with its parameters in order. First the page: only
 * keys pass through search, filters, order and limit. Then the columns and tags of just those
 * rows, so that no wide row or tag aggregate is computed for a non-match. One more row than the
 * page is read: whether it exists says whether there is a next page.
 */
record SnippetListStatement(String sql, List<Object> parameters) {

    /** Case-insensitive substring test of one short term over the searchable columns. */
    private static final String SCANNED_TERM = " AND text_contains(?, s.title, s.description, s.notes, s.code, s.language)";

    /**
     * The relevance of a snippet to the search: its own columns with their weights (a title
     * match counts most) and typical lengths, nothing from other snippets, so that a score, and a
     * cursor holding one, stays valid whatever other users write.
     */
    private static final String RELEVANCE = "text_score(?, 5.0, 40, s.title, 2.0, 200, s.description, 1.0, 400, s.notes, "
            + "1.0, 800, s.code, 2.0, 12, s.language)";

    /**
     * @param terms the query's terms as planned: which go to the index, which are scanned
     * @param after the position (sort key, id) of the previous page's last row, if any
     */
    static SnippetListStatement of(String callerId, SnippetQuery query, SearchTerms terms, Optional<List<Object>> after) {
        List<Object> parameters = new ArrayList<>();
        StringBuilder sql = new StringBuilder("WITH ");
        boolean searched = !terms.indexed().isEmpty();
        if (searched) {
            // The trigram index finds the candidates before anything else.
            sql.append("hits(seq) AS MATERIALIZED (SELECT rowid FROM snippets_fts WHERE snippets_fts MATCH ?), ");
            parameters.add(terms.matchExpression());
        }
        SnippetOrder order = SnippetOrder.of(query.sort());
        boolean ranked = order == SnippetOrder.RELEVANCE;
        String score = ranked ? RELEVANCE : "0.0";
        String rankedTerms = String.join("\n", query.terms().all());
        sql.append("page AS (SELECT s.seq, s.id, s.updated_at, s.created_at, s.title_sort, ").append(score).append(" AS score ")
                .append(searched ? "FROM hits h CROSS JOIN snippets s ON s.seq = h.seq" : "FROM snippets s")
                .append(" WHERE ").append(query.scope().condition());
        if (ranked) {
            parameters.add(rankedTerms);
        }
        if (query.scope().namesTheCaller()) {
            parameters.add(callerId);
        }
        for (String term : terms.scanned()) {
            sql.append(SCANNED_TERM);
            parameters.add(term);
        }
        for (String tag : query.tags()) {
            sql.append(" AND EXISTS (SELECT 1 FROM snippet_tags t WHERE t.snippet_id = s.id AND t.tag = ?)");
            parameters.add(tag);
        }
        query.language().ifPresent(language -> {
            sql.append(" AND s.language = ? COLLATE NOCASE");
            parameters.add(language);
        });
        if (after.isPresent()) {
            sql.append(" AND ").append(order.after(score));
            if (ranked) {
                parameters.add(rankedTerms);
            }
            parameters.addAll(after.get());
        }
        sql.append(" ORDER BY ").append(order.orderOfKeys()).append(" LIMIT ?) ");
        parameters.add(query.limit() + 1);
        sql.append("SELECT ").append(SnippetRows.COLUMNS).append(", p.score AS score FROM page p CROSS JOIN snippets s ON s.seq = p.seq ORDER BY ")
                .append(order.orderOfRows());
        return new SnippetListStatement(sql.toString(), List.copyOf(parameters));
    }
}
