package io.snippetstore.search.control;

import java.util.List;

/**
 * What the index holds of one snippet, as read from the database (the source of truth).
 *
 * @param groupIds the groups the snippet is shared with
 * @param titleSort the title's sort key, as the database orders titles
 * @param createdAt milliseconds since the epoch, as stored
 * @param reach its collections and stars
 */
public record IndexedSnippet(
        String id,
        String ownerId,
        String visibility,
        List<String> groupIds,
        String title,
        String titleSort,
        String description,
        String notes,
        String language,
        String code,
        List<String> tags,
        long createdAt,
        long updatedAt,
        Reach reach) {

    /**
     * What collections and stars add to a snippet: the collections holding it, and through those
     * its owner put it in, whether a team-visible one holds it, the groups they are shared with
     * and their owners (each reads it as a team or a group snippet); and who starred it.
     */
    public record Reach(
            List<String> collectionIds,
            boolean inTeamCollection,
            List<String> collectionGroupIds,
            List<String> collectionOwnerIds,
            List<String> starredBy) {

        /** In no collection and starred by nobody. */
        public static final Reach NONE = new Reach(List.of(), false, List.of(), List.of(), List.of());
    }

    /** The searchable texts in the order of {@link IndexFields.Text}; absent ones are {@code null}. */
    String text(IndexFields.Text field) {
        return switch (field) {
            case TITLE -> title;
            case DESCRIPTION -> description;
            case NOTES -> notes;
            case CODE -> code;
            case LANGUAGE -> language;
        };
    }
}
