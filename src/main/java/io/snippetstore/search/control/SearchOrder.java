package io.snippetstore.search.control;

/** The order of search results; every order ends in the snippet id, so it is total. */
public enum SearchOrder {
    /** Newest change first, then id descending. */
    UPDATED,
    /** Newest first, then id descending. */
    CREATED,
    /** By the title's sort key, then id, ascending. */
    TITLE,
    /** Best match first, then id ascending. */
    RELEVANCE
}
