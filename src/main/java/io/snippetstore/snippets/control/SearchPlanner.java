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
 * Relevance needs the score of every match, so it always uses the index.
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
    SearchTerms plan(SnippetQuery query) {
        SearchTerms terms = query.terms();
        if (terms.indexed().isEmpty() || query.sort() == SnippetSort.RELEVANCE) {
            return terms;
        }
        return estimatedMatches(terms.indexed()) > scanFirstAbove ? terms.allScanned() : terms;
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
