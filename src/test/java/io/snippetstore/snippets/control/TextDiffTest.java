package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class TextDiffTest {

    private static String numbered(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(n -> "line " + n + "\n").collect(Collectors.joining());
    }

    /** A hunk as diff -u prints its lines: a sign and the text. */
    private static List<String> printed(TextDiff.Hunk hunk) {
        return hunk.lines().stream()
                .map(line -> (switch (line.type()) {
                            case "added" -> "+";
                            case "removed" -> "-";
                            default -> " ";
                        })
                        + line.text())
                .toList();
    }

    @Test
    void equalTextsHaveNoHunks() {
        assertEquals(List.of(), TextDiff.of("a\nb\n", "a\nb\n").hunks());
    }

    @Test
    void aChangedLineComesWithThreeLinesOfContextOnEachSideAndUnifiedDiffNumbers() {
        String before = numbered(1, 10);
        String after = before.replace("line 5\n", "line five\n");

        List<TextDiff.Hunk> hunks = TextDiff.of(before, after).hunks();

        assertEquals(1, hunks.size());
        TextDiff.Hunk hunk = hunks.get(0);
        assertEquals(
                List.of(" line 2", " line 3", " line 4", "-line 5", "+line five", " line 6", " line 7", " line 8"),
                printed(hunk));
        assertEquals(2, hunk.fromLine());
        assertEquals(7, hunk.fromCount());
        assertEquals(2, hunk.toLine());
        assertEquals(7, hunk.toCount());
    }

    @Test
    void changesFarApartAreSeparateHunksAndNearOnesShareOne() {
        String before = numbered(1, 30);
        String far = before.replace("line 2\n", "two\n").replace("line 20\n", "twenty\n");
        String near = before.replace("line 2\n", "two\n").replace("line 8\n", "eight\n");

        assertEquals(2, TextDiff.of(before, far).hunks().size());
        assertEquals(1, TextDiff.of(before, near).hunks().size());
    }

    @Test
    void linesAddedToAnEmptyTextStartAtLineOneAndCountNothingBefore() {
        TextDiff.Hunk hunk = TextDiff.of(null, "a\nb\n").hunks().get(0);

        assertEquals(List.of("+a", "+b"), printed(hunk));
        assertEquals(0, hunk.fromLine());
        assertEquals(0, hunk.fromCount());
        assertEquals(1, hunk.toLine());
        assertEquals(2, hunk.toCount());
    }

    @Test
    void aLostFinalLineBreakChangesTheLastLineAndSaysSo() {
        TextDiff.Hunk hunk = TextDiff.of("a\nb\n", "a\nb").hunks().get(0);

        assertEquals(List.of(" a", "-b", "+b"), printed(hunk));
        assertTrue(hunk.lines().get(1).newline());
        assertFalse(hunk.lines().get(2).newline());
    }

    @Test
    void carriageReturnsStayInTheLinesText() {
        TextDiff.Hunk hunk = TextDiff.of("a\r\n", "b\r\n").hunks().get(0);

        assertEquals(List.of("-a\r", "+b\r"), printed(hunk));
    }
}
