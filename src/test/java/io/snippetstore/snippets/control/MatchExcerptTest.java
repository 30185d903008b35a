package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.snippetstore.snippets.entity.SnippetFields;
import io.snippetstore.snippets.entity.Visibility;
import org.junit.jupiter.api.Test;

class MatchExcerptTest {

    private static SnippetData snippet(String title, String description, String notes, String code) {
        return new SnippetData(
                "id",
                new SnippetFields(title, description, notes, "java", code, List.of(), Visibility.PRIVATE),
                Instant.EPOCH,
                Instant.EPOCH,
                1,
                0,
                "owner",
                "someone",
                List.of(),
                false);
    }

    private static String highlighted(MatchExcerpt excerpt) {
        StringBuilder marked = new StringBuilder(excerpt.text());
        for (int i = excerpt.highlights().size() - 1; i >= 0; i--) {
            MatchExcerpt.Highlight highlight = excerpt.highlights().get(i);
            marked.insert(highlight.end(), "]").insert(highlight.start(), "[");
        }
        return marked.toString();
    }

    @Test
    void aMatchInTheCodeShowsItsLineBetweenItsNeighboursWithTheTermsMarkedIgnoringCase() {
        String code = "line 1\nline 2\nint mid = Lo + (hi - lo) / 2;\nline 4\nline 5";
        MatchExcerpt excerpt = MatchExcerpt.of(snippet("Search", null, "lo notes", code), List.of("lo"))
                .orElseThrow();

        assertEquals("code", excerpt.field(), "the code is looked at first");
        assertEquals(2, excerpt.line());
        assertEquals("line 2\nint mid = [Lo] + (hi - [lo]) / 2;\nline 4", highlighted(excerpt));
    }

    @Test
    void notesAndThenTheDescriptionAreLookedAtWhenTheCodeDoesNotMatch() {
        assertEquals(
                "notes",
                MatchExcerpt.of(snippet("t", "cache here", "warm the cache", "x"), List.of("cache"))
                        .orElseThrow()
                        .field());
        assertEquals(
                "description",
                MatchExcerpt.of(snippet("t", "cache here", null, "x"), List.of("cache"))
                        .orElseThrow()
                        .field());
    }

    @Test
    void aMatchOnlyInTheTitleOrWithoutTermsHasNoExcerpt() {
        assertEquals(Optional.empty(), MatchExcerpt.of(snippet("cache warm-up", null, null, "x"), List.of("cache")));
        assertEquals(Optional.empty(), MatchExcerpt.of(snippet("t", null, null, "cache"), List.of()));
    }

    @Test
    void aLongLineIsCutToAWindowAroundTheMatch() {
        String line = "a".repeat(1_000) + "needle" + "b".repeat(1_000);
        MatchExcerpt excerpt = MatchExcerpt.of(snippet("t", null, null, line), List.of("needle"))
                .orElseThrow();

        assertTrue(excerpt.text().length() < 200, excerpt.text());
        assertTrue(excerpt.text().startsWith("…") && excerpt.text().endsWith("…"), excerpt.text());
        assertTrue(highlighted(excerpt).contains("[needle]"), highlighted(excerpt));
    }

    @Test
    void overlappingTermsAreMarkedOnce() {
        assertEquals(
                List.of(new MatchExcerpt.Highlight(0, 6)), MatchExcerpt.highlights("abcdef", List.of("abcd", "cdef")));
    }
}
