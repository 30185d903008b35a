package io.snippetstore.search.control;

/** Whose snippets a search covers (the list's {@code scope}). */
public enum SearchScope {
    /** The caller's own, whatever their visibility. */
    OWN,
    /** Every user's team-visible snippets, the caller's included. */
    TEAM,
    /** The caller's own and every other user's team-visible ones. */
    ALL
}
