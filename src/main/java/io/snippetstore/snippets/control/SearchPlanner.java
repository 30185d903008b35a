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

    /** The first bound of {@link #exceeds}: counting this many rows costs about as much as one lookup. */
    static final long FIRST_BOUND = 256;

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
        if (query.scope() == SnippetScope.OWN
                && exceeds(bound -> matchesUpTo(terms, bound), bound -> ownedUpTo(callerId, bound))) {
            return terms.allScanned();
        }
        return query.sort() != SnippetSort.RELEVANCE && matchesMoreThan(terms, scanFirstAbove) ? terms.allScanned() : terms;
    }

    /**
     * Whether one count exceeds another, each asked only "how many, reading at most {@code bound + 1}?"
     * with a bound that grows until one answer is below it, and so exact: the question costs in
     * proportion to the smaller count, however large the other (a rare term among a user's
     * 100,000 snippets, or a common term of a user with 50).
     */
    static boolean exceeds(LongUnaryOperator countUpTo, LongUnaryOperator otherUpTo) {
        for (long bound = FIRST_BOUND; ; bound *= 4) {
            long count = countUpTo.applyAsLong(bound);
            long other = otherUpTo.applyAsLong(bound);
            if (count <= bound || other <= bound) {
                return count > other;
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

    private boolean matchesMoreThan(SearchTerms terms, long count) {
        return matchesUpTo(terms, count) > count;
    }

    private long countUpTo(String sql, String parameter, long bound) {
        return database.first(sql, List.of(parameter, bound + 1), row -> row.getLong(1)).orElse(0L);
    }
}
