package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

import io.snippetstore.snippets.entity.SnippetFields;
import io.snippetstore.snippets.entity.Visibility;
import org.junit.jupiter.api.Test;

class SnippetPageBoundsTest {

    private static SnippetData withText(int codeChars, int notesChars) {
        SnippetFields fields = new SnippetFields(
                "t",
                null,
                notesChars == 0 ? null : "n".repeat(notesChars),
                "text",
                "c".repeat(codeChars),
                List.of(),
                Visibility.PRIVATE);
        return new SnippetData("id", fields, Instant.EPOCH, Instant.EPOCH, 1, 0, "owner", "owner", List.of(), false);
    }

    private static List<SnippetData> rows(int count, int codeChars) {
        return IntStream.range(0, count).mapToObj(i -> withText(codeChars, 0)).toList();
    }

    @Test
    void aPageIsFullWithOneRowMoreThanItsLimit() {
        assertFalse(SnippetQueries.isFull(rows(50, 10), 50));
        assertTrue(SnippetQueries.isFull(rows(51, 10), 50));
    }

    @Test
    void aPageIsFullOnceTheRowsBeforeTheLastPassTheTextBudget() {
        int half = (int) (SnippetQueries.PAGE_TEXT_MAX_CHARS / 2);
        assertFalse(SnippetQueries.isFull(rows(3, half), 50), "two halves are the budget, not past it");
        assertTrue(
                SnippetQueries.isFull(List.of(withText(half, 0), withText(half, 1), withText(1, 0)), 50),
                "notes count");
        assertFalse(
                SnippetQueries.isFull(List.of(withText(3 * half, 0)), 50), "one row alone, however large, is a page");
        assertTrue(SnippetQueries.isFull(List.of(withText(3 * half, 0), withText(1, 0)), 50));
    }
}
