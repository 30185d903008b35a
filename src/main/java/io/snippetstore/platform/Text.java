package io.snippetstore.platform;

/** The normalization of the text fields the API trims (titles, languages, tags, usernames). */
public final class Text {

    private Text() {
    }

    /** {@code value} without leading and trailing white space; {@code null} stays {@code null}. */
    public static String stripped(String value) {
        return value == null ? null : value.strip();
    }
}
