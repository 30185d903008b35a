package io.snippetstore.snippets.control;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One page of the snippet list, why each search result matched (by snippet id; none outside a
 * search, or for a match in the title, language or tags only), the cursor of the next page
 * ({@code null} at the end), for a search that found nothing, a respelling that would, and the
 * groups the caller is a member of when the page holds someone else's snippet (what the caller
 * may do with it: {@link SnippetData#accessOf}), and which of the page's snippets the caller starred.
 */
public record SnippetPage(
        List<SnippetData> items,
        Map<String, MatchExcerpt> matches,
        String nextCursor,
        int limit,
        Optional<String> suggestion,
        Set<String> memberOf,
        Set<String> starred) {

    /** A page of nothing, and nothing after it. */
    static SnippetPage empty(int limit) {
        return new SnippetPage(List.of(), Map.of(), null, limit, Optional.empty(), Set.of(), Set.of());
    }
}
