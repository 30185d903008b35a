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
     * What the relevance of a snippet to the search is computed from: its own columns with their
     * weights (a title match counts most) and typical lengths, nothing from other snippets, so that
     * a score, and a cursor holding one, stays valid whatever other users write.
     */
    private static final String WEIGHTED_TEXTS = "5.0, 40, s.title, 2.0, 200, s.description, 1.0, 400, s.notes, "
            + "1.0, 800, s.code, 2.0, 12, s.language)";
    private static final String RELEVANCE = "text_score(?, " + WEIGHTED_TEXTS;
    /** The relevance, or NULL when the snippet lacks a term: matching and scoring in one pass. */
    private static final String RELEVANCE_OF_EVERY_TERM = "text_score_every(?, " + WEIGHTED_TEXTS;
    private static final String KEYS = "s.seq, s.id, s.updated_at, s.created_at, s.title_sort";

    /**
     * @param terms the query's terms as planned: which go to the index, which are scanned
     * @param after the position (sort key, id) of the previous page's last row, if any
     */
    static SnippetListStatement of(String callerId, SnippetQuery query, SearchTerms terms, Optional<List<Object>> after) {
        SnippetOrder order = SnippetOrder.of(query.sort());
        if (order == SnippetOrder.RELEVANCE && terms.indexed().isEmpty()) {
            return scoredInOnePass(callerId, query, after);
        }
        SnippetMatching matching = SnippetMatching.of(callerId, query, terms);
        List<Object> parameters = new ArrayList<>(matching.hitsParameters());
        StringBuilder sql = new StringBuilder("WITH ").append(matching.hits());
        boolean ranked = order == SnippetOrder.RELEVANCE;
        String score = ranked ? RELEVANCE : "0.0";
        String rankedTerms = rankedTerms(query);
        sql.append("page AS (SELECT ").append(KEYS).append(", ").append(score).append(" AS score ").append(matching.fromWhere());
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
        return withRows(sql, parameters, query, order);
    }

    /**
     * Relevance over terms that are all checked row by row (the caller's own snippets, or terms
     * too short for the index): each candidate is matched and scored by one call, whose score is
     * NULL when a term is missing, instead of a {@code text_contains} per term and then the score,
     * each reading and folding every text. The scores come from a subquery with {@code LIMIT -1}
     * (no limit), which SQLite does not merge into the outer query, whose own limit it has: merged,
     * the score would be computed again in the conditions over it. Streamed, not materialized, so
     * that the rows lacking a term are never stored.
     */
    private static SnippetListStatement scoredInOnePass(String callerId, SnippetQuery query, Optional<List<Object>> after) {
        SnippetMatching candidates = SnippetMatching.withoutTerms(callerId, query);
        List<Object> parameters = new ArrayList<>();
        parameters.add(rankedTerms(query));
        parameters.addAll(candidates.whereParameters());
        StringBuilder sql = new StringBuilder("WITH page AS (SELECT ").append(KEYS).append(", s.score FROM (SELECT ").append(KEYS).append(", ")
                .append(RELEVANCE_OF_EVERY_TERM).append(" AS score ").append(candidates.fromWhere()).append(" LIMIT -1) s")
                .append(" WHERE s.score IS NOT NULL");
        if (after.isPresent()) {
            sql.append(" AND ").append(SnippetOrder.RELEVANCE.after("s.score"));
            parameters.addAll(after.get());
        }
        return withRows(sql, parameters, query, SnippetOrder.RELEVANCE);
    }

    /** Ends the page's CTE with its order and limit, then reads the page's rows in that order. */
    private static SnippetListStatement withRows(StringBuilder sql, List<Object> parameters, SnippetQuery query, SnippetOrder order) {
        sql.append(" ORDER BY ").append(order.orderOfKeys()).append(" LIMIT ?) ");
        parameters.add(query.limit() + 1);
        // a summary without search terms has no excerpt to make from code or notes: they are not read
        String columns = query.summary() && query.terms().all().isEmpty() ? SnippetRows.SUMMARY_COLUMNS : SnippetRows.COLUMNS;
        sql.append("SELECT ").append(columns).append(", p.score AS score FROM page p CROSS JOIN snippets s ON s.seq = p.seq ORDER BY ")
                .append(order.orderOfRows());
        return new SnippetListStatement(sql.toString(), List.copyOf(parameters));
    }

    private static String rankedTerms(SnippetQuery query) {
        return String.join("\n", query.terms().all());
    }
}
