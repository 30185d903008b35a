package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

import com.github.difflib.DiffUtils;
import com.github.difflib.algorithm.DiffAlgorithmListener;
import com.github.difflib.algorithm.myers.MyersDiff;
import com.github.difflib.patch.AbstractDelta;

/**
 * The line matching of {@link TextDiff} and {@link ThreeWayMerge}, bounded by its input: the lines
 * both texts start and end with are set aside first (linear), and java-diff-utils' Myers diff
 * matches the rest within a budget, {@link #MAX_EDIT_LINES} lines added or removed and
 * {@link #MAX_COMPARISONS} line comparisons. Past the budget, the lines between the common start
 * and end count as replaced, all of them by all of the others: a correct diff, only not the
 * shortest. So a result that is not {@code replaced} adds and removes at most
 * {@link #MAX_EDIT_LINES} lines. Myers' cost grows with the input's size times the edit's, so without the budget two
 * texts of 10,000 different lines took 16 s of a core.
 */
final class LineDiff {

    /** Lines added and removed (Myers' D) past which the middle counts as replaced. */
    static final int MAX_EDIT_LINES = 1_000;

    /** Line comparisons (each one an int's, lines being numbered first) past which the middle counts as replaced. */
    static final long MAX_COMPARISONS = 20_000_000;

    /** Lines {@code fromStart}..{@code fromEnd} (exclusive) of the old text became lines {@code toStart}..{@code toEnd} of the new one (0-based). */
    record Edit(int fromStart, int fromEnd, int toStart, int toEnd) {}

    /** The edits in order; {@code replaced} when the budget ran out and the edits are one replacement of the middle. */
    record Result(List<Edit> edits, boolean replaced) {}

    private LineDiff() {}

    static Result of(List<String> before, List<String> after) {
        int prefix = 0;
        int shorter = Math.min(before.size(), after.size());
        while (prefix < shorter && before.get(prefix).equals(after.get(prefix))) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < shorter - prefix
                && before.get(before.size() - 1 - suffix).equals(after.get(after.size() - 1 - suffix))) {
            suffix++;
        }
        int fromEnd = before.size() - suffix;
        int toEnd = after.size() - suffix;
        Edit whole = new Edit(prefix, fromEnd, prefix, toEnd);
        if (prefix == fromEnd && prefix == toEnd) {
            return new Result(List.of(), false);
        }
        if (Math.abs((fromEnd - prefix) - (toEnd - prefix)) > MAX_EDIT_LINES) {
            return new Result(List.of(whole), true); // that many lines are added or removed whatever the matching
        }
        if (prefix == fromEnd || prefix == toEnd) {
            return new Result(List.of(whole), false); // only added or only removed lines: nothing to match
        }
        try {
            List<Edit> edits = new ArrayList<>();
            for (AbstractDelta<Integer> delta : myers(numbered(before, after, prefix, fromEnd, prefix, toEnd))) {
                edits.add(new Edit(
                        prefix + delta.getSource().getPosition(),
                        prefix
                                + delta.getSource().getPosition()
                                + delta.getSource().size(),
                        prefix + delta.getTarget().getPosition(),
                        prefix
                                + delta.getTarget().getPosition()
                                + delta.getTarget().size()));
            }
            return new Result(edits, false);
        } catch (OverBudget e) {
            return new Result(List.of(whole), true);
        }
    }

    private static List<AbstractDelta<Integer>> myers(List<List<Integer>> numbered) {
        long[] comparisons = {0};
        BiPredicate<Integer, Integer> sameLine = (one, other) -> {
            if (++comparisons[0] > MAX_COMPARISONS) {
                throw new OverBudget();
            }
            return one.intValue() == other.intValue();
        };
        DiffAlgorithmListener steps = new DiffAlgorithmListener() {
            @Override
            public void diffStart() {}

            @Override
            public void diffStep(int editLines, int max) {
                if (editLines > MAX_EDIT_LINES) {
                    throw new OverBudget();
                }
            }

            @Override
            public void diffEnd() {}
        };
        return DiffUtils.diff(numbered.get(0), numbered.get(1), new MyersDiff<>(sameLine), steps)
                .getDeltas();
    }

    /** The two ranges' lines as numbers, equal lines the same number: comparing them costs the same however long the lines. */
    private static List<List<Integer>> numbered(
            List<String> before, List<String> after, int fromStart, int fromEnd, int toStart, int toEnd) {
        Map<String, Integer> numbers = new HashMap<>();
        List<Integer> from = new ArrayList<>(fromEnd - fromStart);
        for (int i = fromStart; i < fromEnd; i++) {
            from.add(numbers.computeIfAbsent(before.get(i), line -> numbers.size()));
        }
        List<Integer> to = new ArrayList<>(toEnd - toStart);
        for (int i = toStart; i < toEnd; i++) {
            to.add(numbers.computeIfAbsent(after.get(i), line -> numbers.size()));
        }
        return List.of(from, to);
    }

    /** Thrown from inside the diff when the budget runs out; carries nothing, so it costs no stack trace. */
    private static final class OverBudget extends RuntimeException {
        OverBudget() {
            super(null, null, false, false);
        }
    }
}
