package io.snippetstore.search.control;

/** Whose snippets a search covers (the list's {@code scope}). */
public enum SearchScope {
    /** The caller's own, whatever their visibility. */
    OWN,
    /** Every user's team-visible snippets, the caller's included. */
    TEAM,
    /** Others' snippets shared with a group of the caller's. */
    GROUPS,
    /** The caller's own, every user's team-visible ones, and those shared with the caller's groups. */
    ALL
}
