package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.List;

/**
 * A line-level diff of two texts in hunks with {@link #CONTEXT} lines of context around each
 * change, as a unified diff groups them; the line matching is {@link LineDiff}'s (Myers, within a
 * budget). Lines are compared with their line break, so a text that gains or loses its last line
 * break changes its last line.
 */
public final class TextDiff {

    /** Unchanged lines shown before and after each change, as {@code diff -u} shows them. */
    static final int CONTEXT = 3;

    /** One line of a hunk: {@code context}, {@code removed} or {@code added}; its text without the line break, and whether it had one. */
    public record Line(String type, String text, boolean newline) {}

    /** Lines {@code fromLine}.. of the old text ({@code fromCount} of them) became lines {@code toLine}.. of the new one (1-based). */
    public record Hunk(int fromLine, int fromCount, int toLine, int toCount, List<Line> lines) {}

    private TextDiff() {}

    /**
     * The hunks, which add and remove at most {@link LineDiff#MAX_EDIT_LINES} lines; or none and
     * {@code replaced}, when more lines than that changed: the text is then best shown whole.
     */
    public record Diff(List<Hunk> hunks, boolean replaced) {}

    public static Diff of(String from, String to) {
        List<String> before = lines(from);
        List<String> after = lines(to);
        LineDiff.Result matched = LineDiff.of(before, after);
        if (matched.replaced()) {
            return new Diff(List.of(), true);
        }
        List<LineDiff.Edit> deltas = matched.edits();
        List<Hunk> hunks = new ArrayList<>();
        int first = 0;
        while (first < deltas.size()) {
            // a hunk takes every following change whose context would touch its own
            int last = first;
            while (last + 1 < deltas.size()
                    && deltas.get(last + 1).fromStart() - deltas.get(last).fromEnd() <= 2 * CONTEXT) {
                last++;
            }
            hunks.add(hunk(before, after, deltas.subList(first, last + 1)));
            first = last + 1;
        }
        return new Diff(hunks, false);
    }

    private static Hunk hunk(List<String> before, List<String> after, List<LineDiff.Edit> deltas) {
        LineDiff.Edit head = deltas.get(0);
        int fromStart = Math.max(0, head.fromStart() - CONTEXT);
        int toStart = Math.max(0, head.toStart() - (head.fromStart() - fromStart));
        List<Line> lines = new ArrayList<>();
        int at = fromStart;
        for (LineDiff.Edit delta : deltas) {
            for (; at < delta.fromStart(); at++) {
                lines.add(line("context", before.get(at)));
            }
            before.subList(delta.fromStart(), delta.fromEnd()).forEach(text -> lines.add(line("removed", text)));
            after.subList(delta.toStart(), delta.toEnd()).forEach(text -> lines.add(line("added", text)));
            at = delta.fromEnd();
        }
        int fromEnd = Math.min(before.size(), at + CONTEXT);
        for (; at < fromEnd; at++) {
            lines.add(line("context", before.get(at)));
        }
        int fromCount = fromEnd - fromStart;
        int toCount = (int)
                lines.stream().filter(line -> !line.type().equals("removed")).count();
        return new Hunk(
                fromCount == 0 ? fromStart : fromStart + 1,
                fromCount,
                toCount == 0 ? toStart : toStart + 1,
                toCount,
                lines);
    }

    private static Line line(String type, String text) {
        boolean newline = text.endsWith("\n");
        return new Line(type, newline ? text.substring(0, text.length() - 1) : text, newline);
    }

    /** The lines of a text, each with its line break ({@code \n}) if it has one; none for an empty or absent text. */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        if (text == null) {
            return lines;
        }
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            int next = end < 0 ? text.length() : end + 1;
            lines.add(text.substring(start, next));
            start = next;
        }
        return lines;
    }
}
