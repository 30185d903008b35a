package io.snippetstore.snippets.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

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

    /** The condition on {@code snippets s} of this scope, with the caller's id as its parameter where it has one. */
    String condition() {
        return switch (this) {
            case OWN -> "s.owner_id = ?";
            case TEAM -> "s.visibility = 'team'";
            case ALL -> "(s.owner_id = ? OR s.visibility = 'team')";
        };
    }

    boolean namesTheCaller() {
        return this != TEAM;
    }
}
