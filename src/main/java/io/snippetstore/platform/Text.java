package io.snippetstore.platform;

/** The normalization of the text fields the API trims (titles, languages, tags, usernames). */
public final class Text {

    private Text() {}

    /**
     * {@code value} fit for a log line or an audit record: every control character (a line break
     * that would start a forged line, an escape sequence for a terminal) and every invisible
     * formatting character (a right-to-left override) is replaced by U+FFFD. {@code null} stays {@code null}.
     */
    public static String printable(String value) {
        if (value == null) {
            return null;
        }
        StringBuilder printable = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean hidden = Character.isISOControl(c)
                    || Character.getType(c) == Character.FORMAT
                    || c == '\u2028'
                    || c == '\u2029';
            if (hidden && printable == null) {
                printable = new StringBuilder(value.length()).append(value, 0, i);
            }
            if (printable != null) {
                printable.append(hidden ? '\uFFFD' : c);
            }
        }
        return printable == null ? value : printable.toString();
    }

    /** {@code value} without leading and trailing white space; {@code null} stays {@code null}. */
    public static String stripped(String value) {
        return value == null ? null : value.strip();
    }

    /** {@code value} with A–Z as a–z and every other character as it is: how SQLite's NOCASE compares. */
    public static String asciiLowerCase(String value) {
        StringBuilder folded = new StringBuilder(value.length());
        value.chars().forEach(c -> folded.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : (char) c));
        return folded.toString();
    }
}
