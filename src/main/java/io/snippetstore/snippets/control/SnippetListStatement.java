package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of one page of the snippet list, with its parameters in order. First the page: only
 * keys pass through search, filters ({@link SnippetMatching}), order and limit. Then the columns
 * and tags of just those rows, so that no wide row or tag aggregate is computed for a non-match.
 * One more row than the page is read: whether it exists says whether there is a next page.
 */
record SnippetListStatement(String sql, List<Object> parameters) {

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
        SnippetMatching matching = SnippetMatching.of(callerId, query, terms);
        List<Object> parameters = new ArrayList<>(matching.hitsParameters());
        StringBuilder sql = new StringBuilder("WITH ").append(matching.hits());
        SnippetOrder order = SnippetOrder.of(query.sort());
        boolean ranked = order == SnippetOrder.RELEVANCE;
        String score = ranked ? RELEVANCE : "0.0";
        String rankedTerms = String.join("\n", query.terms().all());
        sql.append("page AS (SELECT s.seq, s.id, s.updated_at, s.created_at, s.title_sort, ").append(score).append(" AS score ")
                .append(matching.fromWhere());
        if (ranked) {
            parameters.add(rankedTerms);
        }
        parameters.addAll(matching.whereParameters());
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
