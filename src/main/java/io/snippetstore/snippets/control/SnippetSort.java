package io.snippetstore.snippets.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The orders of the snippet list; each is total, ties broken by id. */
public enum SnippetSort {
    /** Newest change first. */
    UPDATED,
    /** Newest first. */
    CREATED,
    /** A→Z, ignoring case. */
    TITLE,
    /** Best match first (text_score, see SnippetQueries); only with a query. */
    RELEVANCE;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<SnippetSort> fromApiName(String name) {
        return Arrays.stream(values()).filter(sort -> sort.apiName().equals(name)).findFirst();
    }
}
