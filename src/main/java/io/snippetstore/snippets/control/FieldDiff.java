package io.snippetstore.snippets.control;

import java.util.List;

/**
 * How one field differs between two versions: code and notes line by line ({@code hunks}), the
 * other fields as their two values ({@code from}, {@code to}: a string, a list of tags, or null).
 * {@code replaced}: a text with more changed lines than a diff shows, given whole as its two values.
 */
public record FieldDiff(String field, Object from, Object to, List<TextDiff.Hunk> hunks, boolean replaced) {

    /** Whether the field is compared line by line. */
    public boolean isText() {
        return hunks != null;
    }
}
