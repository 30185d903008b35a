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
    /** Other users' snippets shared with a group the caller is a member of. */
    GROUPS,
    /**
     * The caller's own, every other user's team-visible ones, those shared with the caller's
     * groups, and those the caller reads through a collection.
     */
    ALL;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<SnippetScope> fromApiName(String name) {
        return Arrays.stream(values())
                .filter(scope -> scope.apiName().equals(name))
                .findFirst();
    }

    /**
     * Team and group snippets of a disabled user leave the lists of others while the user is
     * disabled: the few disabled users are read once per statement, not per row.
     */
    private static final String OF_AN_ENABLED_OWNER =
            "s.owner_id NOT IN (SELECT u.id FROM users u WHERE u.disabled_at IS NOT NULL)";

    /** Shared with a group of the caller's (the parameter). */
    private static final String SHARED_WITH_MY_GROUPS = "EXISTS (SELECT 1 FROM snippet_groups sg JOIN group_members m "
            + "ON m.group_id = sg.group_id WHERE sg.snippet_id = s.id AND m.user_id = ?)";

    /**
     * A collection's entry that gives reading: one the snippet's owner made (a collection never
     * gives access its snippets' owners did not give).
     */
    private static final String GRANTING_ENTRY =
            "FROM collection_snippets cs JOIN collections c ON c.id = cs.collection_id "
                    + "WHERE cs.snippet_id = s.id AND cs.added_by = s.owner_id";

    /** In a team-visible collection, put there by its owner. */
    private static final String IN_A_TEAM_COLLECTION =
            "EXISTS (SELECT 1 " + GRANTING_ENTRY + " AND c.visibility = 'team')";

    /** In a collection shared with a group of the caller's (the parameter), put there by its owner. */
    private static final String IN_A_COLLECTION_OF_MY_GROUPS = "EXISTS (SELECT 1 " + GRANTING_ENTRY
            + " AND EXISTS (SELECT 1 FROM collection_groups cg JOIN group_members cm ON cm.group_id = cg.group_id "
            + "WHERE cg.collection_id = c.id AND cm.user_id = ?))";

    /** In a collection of the caller's (the parameter), put there by its owner (a group writer of the collection). */
    private static final String IN_A_COLLECTION_OF_MINE = "EXISTS (SELECT 1 " + GRANTING_ENTRY + " AND c.owner_id = ?)";

    /**
     * The condition on {@code snippets s} of this scope, with the caller's id as each of its
     * {@link #callerParameters()} parameters. No list shows what is in the trash. What the caller
     * reads through a collection is in {@code all} (and in a collection's list): {@code team} and
     * {@code groups} go by the snippet's own sharing, which keeps them on the indexes of their
     * order.
     */
    String condition() {
        return switch (this) {
            case OWN -> "s.owner_id = ? AND s.trashed_at IS NULL";
            case TEAM -> "(s.visibility = 'team' AND s.trashed_at IS NULL AND " + OF_AN_ENABLED_OWNER + ")";
            case GROUPS ->
                "(s.owner_id <> ? AND " + SHARED_WITH_MY_GROUPS + " AND s.trashed_at IS NULL AND " + OF_AN_ENABLED_OWNER
                        + ")";
            case ALL ->
                "((s.owner_id = ? OR ((s.visibility = 'team' OR " + SHARED_WITH_MY_GROUPS + " OR "
                        + IN_A_TEAM_COLLECTION + " OR " + IN_A_COLLECTION_OF_MY_GROUPS + " OR "
                        + IN_A_COLLECTION_OF_MINE + ") AND " + OF_AN_ENABLED_OWNER + ")) AND s.trashed_at IS NULL)";
        };
    }

    /** The same scope as the search index knows it. */
    SearchScope inIndex() {
        return switch (this) {
            case OWN -> SearchScope.OWN;
            case TEAM -> SearchScope.TEAM;
            case GROUPS -> SearchScope.GROUPS;
            case ALL -> SearchScope.ALL;
        };
    }

    /** How many times {@link #condition()} names the caller. */
    int callerParameters() {
        return switch (this) {
            case OWN -> 1;
            case TEAM -> 0;
            case GROUPS -> 2;
            case ALL -> 4;
        };
    }
}
