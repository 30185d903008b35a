package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import org.junit.jupiter.api.Test;

class SnippetQueryTest {

    private static SnippetQuery parse(String query, List<String> tag, String tags, String language, String sort, String limit) {
        return SnippetQuery.parse(query, tag, tags, language, sort, limit, null);
    }

    @Test
    void defaultsToUpdatedWithoutAndRelevanceWithAQueryAndFiftyItems() {
        assertEquals(SnippetSort.UPDATED, parse(null, null, null, null, null, null).sort());
        assertEquals(SnippetSort.RELEVANCE, parse("find", null, null, null, null, null).sort());
        assertEquals(50, parse(null, null, null, null, null, null).limit());
    }

    @Test
    void repeatedAndCommaSeparatedTagsMergeIntoOneNormalizedSet() {
        SnippetQuery query = parse(null, List.of("Java", " db "), "db, SQL,,", null, null, null);

        assertEquals(Set.of("java", "db", "sql"), query.tags());
    }

    @Test
    void aBlankLanguageIsNoFilter() {
        assertNull(parse(null, null, null, "  ", null, null).language());
        assertEquals("Python", parse(null, null, null, " Python ", null, null).language());
    }

    @Test
    void badValuesAreBadRequests() {
        for (String limit : List.of("0", "201", "-1", "x", "1e2", " 5")) {
            assertEquals("bad_request", assertThrows(ApiException.class, () -> parse(null, null, null, null, null, limit)).code(), limit);
        }
        assertThrows(ApiException.class, () -> parse(null, null, null, null, "newest", null));
        assertThrows(ApiException.class, () -> parse(null, null, null, null, "relevance", null));
        assertThrows(ApiException.class, () -> parse("x".repeat(2_001), null, null, null, null, null));
    }

    @Test
    void theFingerprintDiffersWhenTheListDiffers() {
        String base = parse("find me", List.of("a"), null, "go", "title", "5").fingerprint();

        assertEquals(base, parse("FIND  me", List.of("A"), null, "GO", "title", "9").fingerprint(), "same list, other page size");
        assertNotEquals(base, parse("find me", List.of("a"), null, "go", "created", "5").fingerprint());
        assertNotEquals(base, parse("find", List.of("a"), null, "go", "title", "5").fingerprint());
        assertNotEquals(base, parse("find me", List.of("b"), null, "go", "title", "5").fingerprint());
        assertNotEquals(base, parse("find me", List.of("a"), null, null, "title", "5").fingerprint());
    }

    @Test
    void aNulInTheQueryIsABadRequest() {
        assertEquals("bad_request", assertThrows(ApiException.class, () -> parse("abc\0def", null, null, null, null, null)).code());
    }

    @Test
    void moreTagFiltersThanASnippetCanCarryAreABadRequest() {
        String thirtyTwo = String.join(",", java.util.stream.IntStream.range(0, 32).mapToObj(i -> "t" + i).toList());
        assertEquals(32, parse(null, null, thirtyTwo, null, null, null).tags().size());

        String thousand = String.join(",", java.util.stream.IntStream.range(0, 1_000).mapToObj(i -> "t" + i).toList());
        assertEquals("bad_request", assertThrows(ApiException.class, () -> parse(null, null, thousand, null, null, null)).code());
    }

    @Test
    void theQueryLimitCountsCodePointsNotUtf16Units() {
        String emoji = "\uD83D\uDE00";
        assertEquals(1, parse(emoji.repeat(2_000), null, null, null, null, null).terms().size());
        assertThrows(ApiException.class, () -> parse(emoji.repeat(2_001), null, null, null, null, null));
    }
}
