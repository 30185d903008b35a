package io.snippetstore.snippets.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import io.snippetstore.search.control.SearchScope;

/** Whose snippets a list shows. */
public enum SnippetScope {
    /** The caller's own, whatever their visibility: the default. */
    OWN,
    /** Every user's team-visible snippets, the caller's included. */
    TEAM,
    /** The caller's own and every other user's team-visible ones. */
    ALL;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<SnippetScope> fromApiName(String name) {
        return Arrays.stream(values()).filter(scope -> scope.apiName().equals(name)).findFirst();
    }

    /**
     * Team snippets of a disabled user leave the team's lists while the user is disabled: the few
     * disabled users are read once per statement, not per row.
     */
    private static final String OF_AN_ENABLED_OWNER = "s.owner_id NOT IN (SELECT u.id FROM users u WHERE u.disabled_at IS NOT NULL)";

    /**
     * The condition on {@code snippets s} of this scope, with the caller's id as its parameter
     * where it has one. No list shows what is in the trash.
     */
    String condition() {
        return switch (this) {
            case OWN -> "s.owner_id = ? AND s.trashed_at IS NULL";
            case TEAM -> "(s.visibility = 'team' AND s.trashed_at IS NULL AND " + OF_AN_ENABLED_OWNER + ")";
            case ALL -> "((s.owner_id = ? OR (s.visibility = 'team' AND " + OF_AN_ENABLED_OWNER + ")) AND s.trashed_at IS NULL)";
        };
    }

    /** The same scope as the search index knows it. */
    SearchScope inIndex() {
        return switch (this) {
            case OWN -> SearchScope.OWN;
            case TEAM -> SearchScope.TEAM;
            case ALL -> SearchScope.ALL;
        };
    }

    boolean namesTheCaller() {
        return this != TEAM;
    }
}
