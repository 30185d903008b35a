package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.List;

/**
 * The snippets a query matches, in SQL, shared by the list and its facets: the trigram index's
 * candidates first (the {@code hits} CTE, when a term is indexed), then {@code FROM ... WHERE}
 * over {@code snippets s} for the scope, the scanned terms, the tags and the language.
 *
 * @param hits the CTE to open a {@code WITH} with, ending in a comma, or empty
 * @param hitsParameters its parameters
 * @param fromWhere the {@code FROM ... WHERE ...} of the matching snippets {@code s}
 * @param whereParameters its parameters, in order
 */
record SnippetMatching(String hits, List<Object> hitsParameters, String fromWhere, List<Object> whereParameters) {

    /** Case-insensitive substring test of one short term over the searchable columns. */
    private static final String SCANNED_TERM = " AND text_contains(?, s.title, s.description, s.notes, s.code, s.language)";

    /** The scope and filters alone: the candidates of a search whose terms are checked some other way. */
    static SnippetMatching withoutTerms(String callerId, SnippetQuery query) {
        return of(callerId, query, new SearchTerms(List.of(), List.of()));
    }

    /** @param terms the query's terms as planned: which go to the index, which are scanned */
    static SnippetMatching of(String callerId, SnippetQuery query, SearchTerms terms) {
        boolean searched = !terms.indexed().isEmpty();
        String hits = searched ? "hits(seq) AS MATERIALIZED (SELECT rowid FROM snippets_fts WHERE snippets_fts MATCH ?), " : "";
        List<Object> hitsParameters = searched ? List.of(terms.matchExpression()) : List.of();
        StringBuilder sql = new StringBuilder(searched ? "FROM hits h CROSS JOIN snippets s ON s.seq = h.seq" : "FROM snippets s")
                .append(" WHERE ").append(query.scope().condition());
        List<Object> parameters = new ArrayList<>();
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
        return new SnippetMatching(hits, hitsParameters, sql.toString(), List.copyOf(parameters));
    }
}
