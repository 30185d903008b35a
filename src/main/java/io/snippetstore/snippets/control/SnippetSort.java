package io.snippetstore.snippets.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import io.snippetstore.search.control.SearchOrder;

/** The orders of the snippet list; each is total, ties broken by id. */
public enum SnippetSort {
    /** Newest change first. */
    UPDATED,
    /** Newest first. */
    CREATED,
    /** A→Z, ignoring case. */
    TITLE,
    /** Best match first (the search index's relevance); only with a query. */
    RELEVANCE;

    /** The same order as the search index knows it. */
    SearchOrder inIndex() {
        return SearchOrder.valueOf(name());
    }

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<SnippetSort> fromApiName(String name) {
        return Arrays.stream(values())
                .filter(sort -> sort.apiName().equals(name))
                .findFirst();
    }
}
