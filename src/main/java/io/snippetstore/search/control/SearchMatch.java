package io.snippetstore.search.control;

/** How a search's terms find snippets (the list's {@code match}). */
public enum SearchMatch {
    /** Every term a case-insensitive substring of some text: the contract's rule, and the default. */
    WORDS,
    /** The snippets nearest the query's meaning, whatever words they use. */
    MEANING,
    /** Both rankings fused: the word matches and the nearest meanings. */
    HYBRID
}
