package io.snippetstore.transfer.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import io.snippetstore.snippets.control.SnippetInput;
import org.junit.jupiter.api.Test;

class ImportsBatchesTest {

    @Test
    void smallSnippetsGoInBatchesOfAHundred() {
        List<List<ArchivedSnippet>> batches = Imports.batches(snippets(250, 10));

        assertEquals(List.of(100, 100, 50), batches.stream().map(List::size).toList());
    }

    @Test
    void aBatchEndsBeforeItsTextsPassAMebibyteOfCharacters() {
        List<List<ArchivedSnippet>> batches = Imports.batches(snippets(5, 400 * 1024));

        assertEquals(List.of(2, 2, 1), batches.stream().map(List::size).toList());
    }

    @Test
    void aSnippetLargerThanABatchHasABatchOfItsOwn() {
        List<List<ArchivedSnippet>> batches =
                Imports.batches(List.of(snippet(10), snippet(2 * 1024 * 1024), snippet(10)));

        assertEquals(List.of(1, 1, 1), batches.stream().map(List::size).toList());
    }

    @Test
    void everySnippetIsInExactlyOneBatchInTheArchivesOrder() {
        List<ArchivedSnippet> plan = snippets(321, 7000);

        assertEquals(plan, Imports.batches(plan).stream().flatMap(List::stream).toList());
    }

    private static List<ArchivedSnippet> snippets(int count, int codeCharacters) {
        return IntStream.range(0, count)
                .mapToObj(n -> snippet("snippet " + n, codeCharacters))
                .toList();
    }

    private static ArchivedSnippet snippet(int codeCharacters) {
        return snippet("t", codeCharacters);
    }

    private static ArchivedSnippet snippet(String title, int codeCharacters) {
        return new ArchivedSnippet(
                null,
                new SnippetInput(title, null, null, "text", "x".repeat(codeCharacters), List.of(), null, null),
                1,
                Optional.empty(),
                List.of(),
                List.of(),
                false);
    }
}
