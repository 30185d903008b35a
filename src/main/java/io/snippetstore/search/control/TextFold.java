package io.snippetstore.search.control;

/**
 * How search ignores letter case: code point by code point ({@code Ä} finds {@code ä}; {@code ß}
 * and {@code ss} stay different), the same for what is indexed, what is searched and the match
 * excerpts, so that a term is found exactly where it is highlighted.
 */
public final class TextFold {

    private TextFold() {}

    /**
     * The text with every letter in lower case. Called for every text indexed, so it walks the
     * characters itself (ASCII without a lookup) and returns the text as it is when nothing folds.
     */
    public static String fold(String text) {
        int length = text.length();
        int first = 0;
        while (first < length && isFolded(text.charAt(first))) {
            first++;
        }
        if (first == length) {
            return text;
        }
        StringBuilder folded = new StringBuilder(length).append(text, 0, first);
        for (int i = first; i < length; ) {
            char c = text.charAt(i);
            if (c < 0x80) {
                folded.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
                i++;
            } else {
                int codePoint = text.codePointAt(i);
                folded.appendCodePoint(Character.toLowerCase(codePoint));
                i += Character.charCount(codePoint);
            }
        }
        return folded.toString();
    }

    /** An ASCII character that folding leaves alone. */
    private static boolean isFolded(char c) {
        return c < 0x80 && (c < 'A' || c > 'Z');
    }
}
