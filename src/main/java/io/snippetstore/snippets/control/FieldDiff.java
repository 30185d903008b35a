package io.snippetstore.snippets.control;

import java.util.List;

/**
 * How one field differs between two versions: code and notes line by line ({@code hunks}), the
 * other fields as their two values ({@code from}, {@code to}: a string, a list of tags, or null).
 */
public record FieldDiff(String field, Object from, Object to, List<TextDiff.Hunk> hunks) {

    /** Whether the field is compared line by line. */
    public boolean isText() {
        return hunks != null;
    }
}
