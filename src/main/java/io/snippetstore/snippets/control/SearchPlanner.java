package io.snippetstore.snippets.control;

import java.util.Collections;
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

    /** Above this many possible matches, date and title orders check terms row by row instead of using the index. */
    @Inject
    @ConfigProperty(name = Settings.SEARCH_SCAN_FIRST_ABOVE, defaultValue = Settings.SEARCH_SCAN_FIRST_ABOVE_DEFAULT)
    long scanFirstAbove;

    /** The query's terms, split between the index and the row-by-row scan. */
    SearchTerms plan(String callerId, SnippetQuery query) {
        SearchTerms terms = query.terms();
        if (terms.indexed().isEmpty()) {
            return terms;
        }
        long matches = estimatedMatches(terms.indexed());
        if (query.scope() == SnippetScope.OWN && ownedUpTo(callerId, matches) < matches) {
            return terms.allScanned();
        }
        return query.sort() != SnippetSort.RELEVANCE && matches > scanFirstAbove ? terms.allScanned() : terms;
    }

    /** How many snippets the caller owns, counted no further than {@code limit}: the count costs at most what the index would. */
    private long ownedUpTo(String callerId, long limit) {
        return database.first("SELECT count(*) FROM (SELECT 1 FROM snippets WHERE owner_id = ? LIMIT ?)", List.of(callerId, limit),
                row -> row.getLong(1)).orElse(0L);
    }

    /** At most how many snippets the least frequent of these terms can be in (from per-trigram document counts). */
    private long estimatedMatches(List<String> indexedTerms) {
        long estimate = Long.MAX_VALUE;
        for (String term : indexedTerms) {
            List<String> trigrams = SearchTerms.trigrams(term);
            String sql = "SELECT count(*), coalesce(min(doc), 0) FROM snippets_fts_terms WHERE term IN ("
                    + String.join(", ", Collections.nCopies(trigrams.size(), "?")) + ")";
            long termEstimate = database.first(sql, trigrams,
                    row -> row.getInt(1) < trigrams.size() ? 0L : row.getLong(2)).orElse(0L);
            estimate = Math.min(estimate, termEstimate);
        }
        return estimate;
    }
}
