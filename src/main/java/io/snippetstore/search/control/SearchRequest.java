package io.snippetstore.search.control;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A search as the index answers it: the caller and the scope, the (case-folded, distinct) terms
 * that must all occur as substrings, the filters a snippet must all pass, the order, how many
 * results, and where the previous page ended.
 *
 * @param groupIds the groups the caller is a member of
 * @param hiddenOwners users whose team and group snippets are out of every list (disabled users)
 * @param filters what the list is narrowed to (tags, languages, collections, ...), each one to hold
 * @param after the position after the previous page, as the previous page's last {@link SearchHits.Hit} gave it
 * @param match whether the terms are matched as words, by meaning or both (by meaning, the order is relevance)
 */
public record SearchRequest(
        String callerId,
        SearchScope scope,
        Set<String> groupIds,
        Set<String> hiddenOwners,
        List<String> terms,
        List<IndexFilter> filters,
        SearchOrder order,
        int limit,
        Optional<SearchPosition> after,
        SearchMatch match) {

    /** The same search, every result on one page (what facets count). */
    SearchRequest everything() {
        return new SearchRequest(
                callerId,
                scope,
                groupIds,
                hiddenOwners,
                terms,
                filters,
                order,
                Integer.MAX_VALUE - 1,
                Optional.empty(),
                match);
    }

    /** The terms as one text, for the meaning of a search. */
    String text() {
        return String.join(" ", terms);
    }
}
