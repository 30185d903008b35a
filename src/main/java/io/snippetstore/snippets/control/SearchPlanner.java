package io.snippetstore.snippets.control;

import java.util.List;

import io.snippetstore.platform.Settings;
import io.snippetstore.storage.control.Database;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How to run a search. Selective terms go to the trigram index, which hands back their few
 * matches. A term so common that it matches most snippets would make the index hand back (and
 * the query sort) nearly everything; for the date and title orders such terms are instead
 * checked row by row while walking the order's index, which stops as soon as the page is full.
 * The index is shared by all users: when the caller searches their own snippets and has fewer
 * of them than the term has matches, their snippets are checked row by row instead (in any
 * order, relevance too), so that the search costs what the caller's data costs, not the store's.
 */
@ApplicationScoped
public class SearchPlanner {

    @Inject
    Database database;

    /** Above this many matches, date and title orders check terms row by row instead of using the index. */
    @Inject
    @ConfigProperty(name = Settings.SEARCH_SCAN_FIRST_ABOVE, defaultValue = Settings.SEARCH_SCAN_FIRST_ABOVE_DEFAULT)
    long scanFirstAbove;

    /** The query's terms, split between the index and the row-by-row scan. */
    SearchTerms plan(String callerId, SnippetQuery query) {
        SearchTerms terms = query.terms();
        if (terms.indexed().isEmpty()) {
            return terms;
        }
        if (query.scope() == SnippetScope.OWN && matchesMoreThan(terms, owned(callerId))) {
            return terms.allScanned();
        }
        return query.sort() != SnippetSort.RELEVANCE && matchesMoreThan(terms, scanFirstAbove) ? terms.allScanned() : terms;
    }

    private long owned(String callerId) {
        return database.first("SELECT count(*) FROM snippets WHERE owner_id = ?", List.of(callerId), row -> row.getLong(1)).orElse(0L);
    }

    /**
     * Whether the index holds more than {@code count} snippets matching the indexed terms, found by
     * reading at most {@code count + 1} of them: the question costs no more than the answer's alternative.
     */
    private boolean matchesMoreThan(SearchTerms terms, long count) {
        return database.first("SELECT count(*) FROM (SELECT 1 FROM snippets_fts WHERE snippets_fts MATCH ? LIMIT ?)",
                List.of(terms.matchExpression(), count + 1), row -> row.getLong(1)).orElse(0L) > count;
    }
}
