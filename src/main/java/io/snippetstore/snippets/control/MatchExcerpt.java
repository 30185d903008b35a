package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import io.snippetstore.search.control.TextFold;

/**
 * Why a search result matched: a few lines around the first line of its code (else notes, else
 * description) that holds a search term, with the terms' places in it, so that a match inside the
 * code can be seen in the list. Case is folded as the search folds it.
 *
 * @param field {@code code}, {@code notes} or {@code description}
 * @param line the 1-based number of the excerpt's first line in that field
 * @param text the excerpt: up to three lines, a long one cut around the match
 * @param highlights where the terms occur in {@code text}, as UTF-16 offsets, in order, not overlapping
 */
public record MatchExcerpt(String field, int line, String text, List<Highlight> highlights) {

    public record Highlight(int start, int end) {}

    private static final int CONTEXT_LINES = 1;
    private static final int LINE_MAX = 160;

    /** The excerpt of a snippet for these (folded) terms; empty when only its title, language or tags matched. */
    static Optional<MatchExcerpt> of(SnippetData snippet, List<String> terms) {
        if (terms.isEmpty()) {
            return Optional.empty();
        }
        var fields = snippet.fields();
        for (String[] field : new String[][] {
            {"code", fields.code()}, {"notes", fields.notes()}, {"description", fields.description()}
        }) {
            if (field[1] != null) {
                Optional<MatchExcerpt> excerpt = excerpt(field[0], field[1], terms);
                if (excerpt.isPresent()) {
                    return excerpt;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<MatchExcerpt> excerpt(String field, String text, List<String> terms) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String folded = TextFold.fold(lines[i]);
            int at = firstMatch(folded, terms);
            if (at < 0) {
                continue;
            }
            int first = Math.max(0, i - CONTEXT_LINES);
            int last = Math.min(lines.length - 1, i + CONTEXT_LINES);
            List<String> kept = new ArrayList<>();
            for (int j = first; j <= last; j++) {
                kept.add(j == i ? around(lines[j], at) : shortened(lines[j]));
            }
            String excerpt = String.join("\n", kept);
            return Optional.of(new MatchExcerpt(field, first + 1, excerpt, highlights(excerpt, terms)));
        }
        return Optional.empty();
    }

    private static int firstMatch(String folded, List<String> terms) {
        return terms.stream()
                .mapToInt(folded::indexOf)
                .filter(at -> at >= 0)
                .min()
                .orElse(-1);
    }

    /** A long line cut to a window that starts a little before the match. */
    private static String around(String line, int at) {
        if (line.length() <= LINE_MAX) {
            return line;
        }
        int start = Math.max(0, Math.min(at - LINE_MAX / 3, line.length() - LINE_MAX));
        start = Character.isLowSurrogate(line.charAt(start)) ? start - 1 : start;
        String window = shortened(line.substring(start));
        return start > 0 ? "…" + window : window;
    }

    private static String shortened(String line) {
        if (line.length() <= LINE_MAX) {
            return line;
        }
        int end = Character.isHighSurrogate(line.charAt(LINE_MAX - 1)) ? LINE_MAX - 1 : LINE_MAX;
        return line.substring(0, end) + "…";
    }

    /** The terms' occurrences in the excerpt; none when folding changed its length (offsets would not fit). */
    static List<Highlight> highlights(String excerpt, List<String> terms) {
        String folded = TextFold.fold(excerpt);
        if (folded.length() != excerpt.length()) {
            return List.of();
        }
        List<Highlight> found = new ArrayList<>();
        for (String term : terms) {
            for (int at = folded.indexOf(term);
                    at >= 0 && !term.isEmpty();
                    at = folded.indexOf(term, at + term.length())) {
                found.add(new Highlight(at, at + term.length()));
            }
        }
        found.sort(Comparator.comparingInt(Highlight::start).thenComparingInt(Highlight::end));
        List<Highlight> merged = new ArrayList<>();
        for (Highlight next : found) {
            Highlight previous = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (previous != null && next.start() <= previous.end()) {
                merged.set(merged.size() - 1, new Highlight(previous.start(), Math.max(previous.end(), next.end())));
            } else {
                merged.add(next);
            }
        }
        return List.copyOf(merged);
    }
}
