package io.snippetstore.storage.control;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.OptionalDouble;

import org.sqlite.Function;

/**
 * SQL functions that SQLite lacks, registered on every connection by {@link StoreDataSource}.
 * SQLite's own {@code lower()} folds ASCII letters only, while the FTS5 trigram index folds every
 * letter; these fold text the same way as the index, so that a search finds the same rows
 * whichever way it runs.
 * <ul>
 * <li>{@code text_contains(term, text...)}: 1 when the (folded) term occurs in any of the texts, else 0.</li>
 * <li>{@code text_score(terms, weight, typicalLength, text, ...)}: how well the texts match the
 * newline-separated (folded) terms, in the shape of BM25 (term frequency saturating with
 * {@link #K1}, longer texts counting less with {@link #B}) but from the row alone: no statistics
 * of other rows, so a row's score never changes because other rows do. Lower is better, as
 * with FTS5's {@code bm25()}.</li>
 * <li>{@code text_score_every(terms, weight, typicalLength, text, ...)}: the same score, or NULL
 * when a term occurs in none of the texts: a search that checks rows itself matches and scores
 * them in one pass.</li>
 * </ul>
 */
public final class TextFunctions {

    static final double K1 = 1.2;
    static final double B = 0.75;

    private TextFunctions() {
    }

    /**
     * Folds letter case code point by code point, as the FTS5 trigram tokenizer does. Called for
     * every text of every row a search checks row by row, so it walks the characters itself
     * (ASCII without a lookup) and returns the text as it is when nothing in it folds.
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

    static void register(Connection connection) throws SQLException {
        // one instance per connection: sqlite-jdbc's Function synchronizes on the instance
        Function.create(connection, "text_contains", new Contains(), -1, Function.FLAG_DETERMINISTIC);
        Function.create(connection, "text_score", new Score(false), -1, Function.FLAG_DETERMINISTIC);
        Function.create(connection, "text_score_every", new Score(true), -1, Function.FLAG_DETERMINISTIC);
    }

    /** Non-overlapping occurrences of {@code term} in {@code text}. */
    static int occurrences(String text, String term) {
        int count = 0;
        for (int at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length())) {
            count++;
        }
        return count;
    }

    /** The score of folded texts with their weights and typical lengths; see the class comment. */
    static double score(List<String> terms, double[] weights, double[] typicalLengths, String[] foldedTexts) {
        return score(terms, weights, typicalLengths, foldedTexts, false).orElseThrow();
    }

    /** The score, if every term occurs in one of the texts, as {@code text_contains} would find it for each. */
    static OptionalDouble scoreOfEvery(List<String> terms, double[] weights, double[] typicalLengths, String[] foldedTexts) {
        return score(terms, weights, typicalLengths, foldedTexts, true);
    }

    private static OptionalDouble score(List<String> terms, double[] weights, double[] typicalLengths, String[] foldedTexts,
                                        boolean everyTerm) {
        double score = 0;
        for (String term : terms) {
            if (term.isEmpty()) {
                continue;
            }
            boolean found = false;
            for (int i = 0; i < foldedTexts.length; i++) {
                if (foldedTexts[i] == null) {
                    continue;
                }
                int frequency = occurrences(foldedTexts[i], term);
                found |= frequency > 0;
                double lengthNorm = 1 - B + B * foldedTexts[i].length() / typicalLengths[i];
                score += weights[i] * frequency * (K1 + 1) / (frequency + K1 * lengthNorm);
            }
            if (everyTerm && !found) {
                return OptionalDouble.empty();
            }
        }
        return OptionalDouble.of(-score);
    }

    private static final class Contains extends Function {
        @Override
        protected void xFunc() throws SQLException {
            String term = value_text(0);
            for (int i = 1; i < args(); i++) {
                String text = value_text(i);
                if (term != null && text != null && fold(text).contains(term)) {
                    result(1);
                    return;
                }
            }
            result(0);
        }
    }

    private static final class Score extends Function {

        /** Whether a row lacking a term scores NULL, instead of what its other terms score. */
        private final boolean everyTerm;

        Score(boolean everyTerm) {
            this.everyTerm = everyTerm;
        }

        @Override
        protected void xFunc() throws SQLException {
            if (args() < 4 || (args() - 1) % 3 != 0) {
                error("text_score(terms, weight, typicalLength, text, ...)");
                return;
            }
            int columns = (args() - 1) / 3;
            double[] weights = new double[columns];
            double[] typicalLengths = new double[columns];
            String[] texts = new String[columns];
            for (int i = 0; i < columns; i++) {
                weights[i] = value_double(1 + 3 * i);
                typicalLengths[i] = value_double(2 + 3 * i);
                String text = value_text(3 + 3 * i);
                texts[i] = text == null ? null : fold(text);
            }
            String terms = value_text(0);
            OptionalDouble score = score(terms == null ? List.of() : List.of(terms.split("\n")), weights, typicalLengths, texts, everyTerm);
            if (score.isPresent()) {
                result(score.getAsDouble());
            } else {
                result();
            }
        }
    }
}
