package io.snippetstore.platform;

/** Trimming of the fields the API trims (titles, languages, tags, usernames). */
public final class Trim {

    private Trim() {
    }

    /** {@code value} without leading and trailing white space; {@code null} stays {@code null}. */
    public static String strip(String value) {
        return value == null ? null : value.strip();
    }
}
