package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A three-way merge of two texts that both started from a base, line by line, as diff3 and git
 * do: the changes of each side against the base come from {@link LineDiff}; changes that touch
 * different lines are both taken; where both sides changed the same or adjacent lines differently,
 * the result holds a conflict with the three versions of those lines (the same change on both
 * sides is taken once). A side whose changes were too many to match line by line changed the
 * whole range between its common start and end with the base, so it merges cleanly only where
 * the other side changed nothing of it.
 */
public final class ThreeWayMerge {

    /** A piece of the result: agreed text, or a conflict (each side's lines and the base's, with their line breaks). */
    public record Chunk(String text, String base, String mine, String theirs) {

        static Chunk agreed(String text) {
            return new Chunk(text, null, null, null);
        }

        public boolean isConflict() {
            return text == null;
        }
    }

    private ThreeWayMerge() {}

    /** The merge in order; adjacent agreed pieces are joined. */
    public static List<Chunk> of(String base, String mine, String theirs) {
        List<String> baseLines = TextDiff.lines(base);
        List<String> mineLines = TextDiff.lines(mine);
        List<String> theirLines = TextDiff.lines(theirs);
        List<Edit> edits = new ArrayList<>();
        LineDiff.of(baseLines, mineLines).edits().forEach(edit -> edits.add(new Edit(edit, mineLines, true)));
        LineDiff.of(baseLines, theirLines).edits().forEach(edit -> edits.add(new Edit(edit, theirLines, false)));
        edits.sort(Comparator.comparingInt(Edit::start).thenComparingInt(Edit::end));

        List<Chunk> chunks = new ArrayList<>();
        StringBuilder agreed = new StringBuilder();
        int at = 0;
        int next = 0;
        while (next < edits.size()) {
            // a region: edits that overlap or touch, from either side
            int start = edits.get(next).start();
            int end = edits.get(next).end();
            List<Edit> region = new ArrayList<>();
            while (next < edits.size() && edits.get(next).start() <= end) {
                end = Math.max(end, edits.get(next).end());
                region.add(edits.get(next++));
            }
            append(agreed, baseLines, at, start);
            at = end;
            List<Edit> mineEdits = region.stream().filter(Edit::mine).toList();
            List<Edit> theirEdits = region.stream().filter(edit -> !edit.mine()).toList();
            String mineText = apply(baseLines, start, end, mineEdits);
            String theirText = apply(baseLines, start, end, theirEdits);
            if (theirEdits.isEmpty() || mineText.equals(theirText)) {
                agreed.append(mineText);
            } else if (mineEdits.isEmpty()) {
                agreed.append(theirText);
            } else {
                if (!agreed.isEmpty()) {
                    chunks.add(Chunk.agreed(agreed.toString()));
                    agreed.setLength(0);
                }
                chunks.add(new Chunk(null, String.join("", baseLines.subList(start, end)), mineText, theirText));
            }
        }
        append(agreed, baseLines, at, baseLines.size());
        if (!agreed.isEmpty() || chunks.isEmpty()) {
            chunks.add(Chunk.agreed(agreed.toString()));
        }
        return chunks;
    }

    /** Whether the merge needs no one's decision. */
    public static boolean isClean(List<Chunk> chunks) {
        return chunks.stream().noneMatch(Chunk::isConflict);
    }

    private static void append(StringBuilder text, List<String> lines, int from, int to) {
        for (int i = from; i < to; i++) {
            text.append(lines.get(i));
        }
    }

    /** Base lines {@code start}..{@code end} with one side's edits in that range applied. */
    private static String apply(List<String> baseLines, int start, int end, List<Edit> edits) {
        StringBuilder text = new StringBuilder();
        int at = start;
        for (Edit edit : edits) {
            append(text, baseLines, at, edit.start());
            edit.lines().forEach(text::append);
            at = edit.end();
        }
        append(text, baseLines, at, end);
        return text.toString();
    }

    /** One side's change of base lines {@code start}..{@code end} (exclusive; equal for an insertion) into that side's lines. */
    private record Edit(LineDiff.Edit edit, List<String> sideLines, boolean mine) {

        int start() {
            return edit.fromStart();
        }

        int end() {
            return edit.fromEnd();
        }

        List<String> lines() {
            return sideLines.subList(edit.toStart(), edit.toEnd());
        }
    }
}
