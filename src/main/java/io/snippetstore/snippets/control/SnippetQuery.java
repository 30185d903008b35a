package io.snippetstore.snippets.control;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.Secrets;
import io.snippetstore.search.control.SearchMatch;

/**
 * What a client asks of the snippet list, already validated: whose snippets, search terms, tag
 * filters (lower case), the languages a snippet may be in (distinct ignoring ASCII case; any, when none), whether the code must have variables (or must not), the order, the page size, the position after the
 * previous page, whether a summary of each snippet will do (no code, no notes), and how the terms
 * match: as words, by meaning, or both; and the collection the snippets must be in (with its
 * sub-collections, when recursive), and whether only those the caller starred.
 */
public record SnippetQuery(
        SnippetScope scope,
        SearchTerms terms,
        Set<String> tags,
        Set<String> languages,
        Optional<Boolean> variables,
        SnippetSort sort,
        int limit,
        Optional<String> cursor,
        boolean summary,
        SearchMatch match,
        Optional<CollectionFilter> collection,
        boolean starred) {

    /** {@code collection=ID}, and with {@code recursive=true} the readable collections inside it too. */
    public record CollectionFilter(String id, boolean recursive) {}

    /**
     * What a cursor is bound to: the same scope, search, filters ({@link ListFilter}) and order. A
     * cursor presented with different ones was not issued for this list.
     */
    String fingerprint() {
        String identity = scope.apiName() + "\n" + sort.apiName() + "\n" + String.join(" ", terms.all())
                + (match == SearchMatch.WORDS ? "" : "\nmatch=" + match.name())
                + ListFilter.fingerprintOf(this);
        byte[] digest = Secrets.sha256(identity.getBytes(StandardCharsets.UTF_8));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 9));
    }
}
