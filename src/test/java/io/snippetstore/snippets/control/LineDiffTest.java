package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class LineDiffTest {

    private static List<String> lines(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> prefix + i + "\n").toList();
    }

    /** Applies the edits to {@code before}: whatever the diff chose, it must turn one text into the other. */
    private static List<String> apply(List<String> before, List<String> after, LineDiff.Result result) {
        List<String> out = new ArrayList<>();
        int at = 0;
        for (LineDiff.Edit edit : result.edits()) {
            out.addAll(before.subList(at, edit.fromStart()));
            out.addAll(after.subList(edit.toStart(), edit.toEnd()));
            at = edit.fromEnd();
        }
        out.addAll(before.subList(at, before.size()));
        return out;
    }

    @Test
    void aSmallChangeInALargeTextIsMatchedLineByLineAroundTheCommonStartAndEnd() {
        List<String> before = lines("line ", 100_000);
        List<String> after = new ArrayList<>(before);
        after.set(50_000, "changed\n");
        after.add(70_000, "inserted\n");

        LineDiff.Result result = LineDiff.of(before, after);

        assertFalse(result.replaced());
        assertEquals(
                List.of(
                        new LineDiff.Edit(50_000, 50_001, 50_000, 50_001),
                        new LineDiff.Edit(70_000, 70_000, 70_000, 70_001)),
                result.edits());
        assertEquals(after, apply(before, after, result));
    }

    @Test
    void textsThatDifferInMoreLinesThanTheBudgetAreOneReplacementOfTheirDifferingMiddle() {
        List<String> middleBefore = lines("old ", 10_000);
        List<String> middleAfter = lines("new ", 10_000);
        List<String> before = new ArrayList<>(List.of("head\n"));
        before.addAll(middleBefore);
        before.add("tail\n");
        List<String> after = new ArrayList<>(List.of("head\n"));
        after.addAll(middleAfter);
        after.add("tail\n");

        LineDiff.Result result = LineDiff.of(before, after);

        assertTrue(result.replaced());
        assertEquals(List.of(new LineDiff.Edit(1, 10_001, 1, 10_001)), result.edits());
        assertEquals(after, apply(before, after, result));
    }

    @Test
    void textsWhoseLengthsDifferByMoreThanTheBudgetAreReplacedWithoutMatching() {
        List<String> before = lines("a", 10);
        List<String> after = new ArrayList<>(lines("b", LineDiff.MAX_EDIT_LINES + 20));

        LineDiff.Result result = LineDiff.of(before, after);

        assertTrue(result.replaced());
        assertEquals(after, apply(before, after, result));
    }

    @Test
    void manyScatteredChangesWithinTheBudgetAreStillMatchedExactly() {
        List<String> before = lines("line ", 20_000);
        List<String> after = new ArrayList<>(before);
        for (int i = 0; i < 20_000; i += 80) {
            after.set(i, "changed " + i + "\n");
        }

        LineDiff.Result result = LineDiff.of(before, after);

        assertFalse(result.replaced(), "250 changed lines are 500 added and removed: within the budget");
        assertEquals(250, result.edits().size());
        assertEquals(after, apply(before, after, result));
    }

    @Test
    void onlyAddedOrOnlyRemovedLinesNeedNoMatchingAndPastTheBudgetCountAsReplaced() {
        List<String> before = lines("x", 5);
        List<String> within = new ArrayList<>(before);
        within.addAll(2, lines("new ", LineDiff.MAX_EDIT_LINES));
        List<String> past = new ArrayList<>(before);
        past.addAll(2, lines("new ", LineDiff.MAX_EDIT_LINES + 1));

        LineDiff.Result added = LineDiff.of(before, within);
        LineDiff.Result removed = LineDiff.of(within, before);

        assertFalse(added.replaced());
        assertEquals(List.of(new LineDiff.Edit(2, 2, 2, 2 + LineDiff.MAX_EDIT_LINES)), added.edits());
        assertEquals(List.of(new LineDiff.Edit(2, 2 + LineDiff.MAX_EDIT_LINES, 2, 2)), removed.edits());
        assertTrue(LineDiff.of(before, past).replaced());
        assertTrue(LineDiff.of(past, before).replaced());
        assertEquals(List.of(), LineDiff.of(before, before).edits());
    }

    @Test
    void aTextDiffPastTheBudgetHasNoHunksAndSaysItWasReplaced() {
        String before = String.join("", lines("old ", 3_000));
        String after = String.join("", lines("new ", 3_000));

        TextDiff.Diff diff = TextDiff.of(before, after);

        assertTrue(diff.replaced());
        assertEquals(List.of(), diff.hunks());
    }

    @Test
    void aMergeOfTwoSidesPastTheBudgetConflictsOverTheWholeMiddleRatherThanGuess() {
        String base = String.join("", lines("base ", 5_000));
        String mine = String.join("", lines("mine ", 5_000));
        String theirs = String.join("", lines("theirs ", 5_000));

        List<ThreeWayMerge.Chunk> chunks = ThreeWayMerge.of(base, mine, theirs);

        assertEquals(1, chunks.size());
        assertTrue(chunks.get(0).isConflict());
        assertEquals(mine, chunks.get(0).mine());
        assertEquals(theirs, chunks.get(0).theirs());
        assertEquals(base, chunks.get(0).base());
    }

    @Test
    void aSidePastTheBudgetMergesCleanlyWhenTheOtherChangedNothing() {
        String base = String.join("", lines("base ", 5_000));
        String mine = String.join("", lines("mine ", 5_000));

        List<ThreeWayMerge.Chunk> chunks = ThreeWayMerge.of(base, mine, base);

        assertTrue(ThreeWayMerge.isClean(chunks));
        assertEquals(mine, chunks.get(0).text());
    }
}
