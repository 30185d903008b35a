package io.snippetstore.snippets.control;

import java.util.List;
import java.util.function.LongUnaryOperator;

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

    /** The first bound of {@link #exceeds}: reading this many entries of the owner index takes a fraction of a millisecond. */
    static final long FIRST_BOUND = 1024;
    /**
     * How much the bound grows: the costly count reads up to every bound below the cheap count, so
     * a steep growth keeps that waste small (a sixth when both are 100,000) at the price of reading
     * more cheap rows past a small costly count.
     */
    static final long BOUND_GROWTH = 16;

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
        boolean fewerOwnThanMatches;
        if (query.sort() != SnippetSort.RELEVANCE) {
            // the cheaper question first: it reads at most scanFirstAbove + 1 matches, however many the caller owns
            long matches = matchesUpTo(terms, scanFirstAbove);
            if (matches > scanFirstAbove) {
                return terms.allScanned();
            }
            // the count is exact: the caller's snippets are read only up to it
            fewerOwnThanMatches = query.scope() == SnippetScope.OWN && ownedUpTo(callerId, matches) < matches;
        } else {
            fewerOwnThanMatches = query.scope() == SnippetScope.OWN
                    && exceeds(bound -> matchesUpTo(terms, bound), bound -> ownedUpTo(callerId, bound));
        }
        return fewerOwnThanMatches ? terms.allScanned() : terms;
    }

    /**
     * Whether a costly count (the term's matches in the shared index) exceeds a cheap one (the
     * caller's snippets, an index range), each asked only "how many, reading at most
     * {@code bound + 1}?": the cheap one first, with a bound that grows until it is exact, then
     * the costly one up to that number. The costly count reads at most a little more than the
     * cheap one, and the cheap one at most a little more than the costly one: a rare term among
     * a user's 100,000 snippets stops after one bound.
     */
    static boolean exceeds(LongUnaryOperator costlyUpTo, LongUnaryOperator cheapUpTo) {
        for (long bound = FIRST_BOUND; ; bound *= BOUND_GROWTH) {
            long cheap = cheapUpTo.applyAsLong(bound);
            if (cheap <= bound) {
                return costlyUpTo.applyAsLong(cheap) > cheap;
            }
            if (costlyUpTo.applyAsLong(bound) <= bound) {
                return false; // exact, and below the cheap count
            }
        }
    }

    /** How many snippets the caller owns, reading at most {@code bound + 1} of them. */
    private long ownedUpTo(String callerId, long bound) {
        return countUpTo("SELECT count(*) FROM (SELECT 1 FROM snippets WHERE owner_id = ? LIMIT ?)", callerId, bound);
    }

    /** How many snippets match the indexed terms, reading at most {@code bound + 1} of the index's matches. */
    private long matchesUpTo(SearchTerms terms, long bound) {
        return countUpTo("SELECT count(*) FROM (SELECT 1 FROM snippets_fts WHERE snippets_fts MATCH ? LIMIT ?)",
                terms.matchExpression(), bound);
    }

    private long countUpTo(String sql, String parameter, long bound) {
        return database.first(sql, List.of(parameter, bound + 1), row -> row.getLong(1)).orElse(0L);
    }
}
