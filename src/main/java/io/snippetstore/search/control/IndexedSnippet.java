package io.snippetstore.search.control;

import java.util.List;

/**
 * What the index holds of one snippet, as read from the database (the source of truth).
 *
 * @param groupIds the groups the snippet is shared with
 * @param titleSort the title's sort key, as the database orders titles
 * @param createdAt milliseconds since the epoch, as stored
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
        long updatedAt) {

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
