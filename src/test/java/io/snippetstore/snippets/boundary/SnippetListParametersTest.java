package io.snippetstore.snippets.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import io.snippetstore.platform.ApiException;
import io.snippetstore.snippets.control.SnippetQuery;
import io.snippetstore.snippets.control.SnippetSort;
import org.junit.jupiter.api.Test;

class SnippetListParametersTest {

    static SnippetQuery parse(String query, List<String> tag, String tags, String language, String sort, String limit) {
        SnippetListParameters parameters = new SnippetListParameters();
        parameters.query = query;
        parameters.tag = tag;
        parameters.tags = tags;
        parameters.language = language == null ? null : List.of(language);
        parameters.sort = sort;
        parameters.limit = limit;
        return parameters.toQuery();
    }

    @Test
    void defaultsToUpdatedWithoutAndRelevanceWithAQueryAndFiftyItems() {
        assertEquals(
                SnippetSort.UPDATED, parse(null, null, null, null, null, null).sort());
        assertEquals(
                SnippetSort.RELEVANCE,
                parse("find", null, null, null, null, null).sort());
        assertEquals(50, parse(null, null, null, null, null, null).limit());
    }

    @Test
    void repeatedAndCommaSeparatedTagsMergeIntoOneNormalizedSet() {
        SnippetQuery query = parse(null, List.of("Java", " db "), "db, SQL,,", null, null, null);

        assertEquals(Set.of("java", "db", "sql"), query.tags());
    }

    @Test
    void aBlankLanguageIsNoFilter() {
        assertEquals(Set.of(), parse(null, null, null, "  ", null, null).languages());
        assertEquals(
                Set.of("Python"),
                parse(null, null, null, " Python ", null, null).languages());
    }

    @Test
    void repeatedLanguagesAreOneFilterOfDistinctNamesIgnoringAsciiCase() {
        SnippetListParameters parameters = new SnippetListParameters();
        parameters.language = List.of("js", " JavaScript", "JS", "", "javascript", "Ärlang", "ärlang");

        assertEquals(
                List.of("js", "JavaScript", "Ärlang", "ärlang"),
                List.copyOf(parameters.toQuery().languages()));
    }

    @Test
    void moreLanguagesThanTheLimitAreABadRequest() {
        SnippetListParameters parameters = new SnippetListParameters();
        parameters.language = IntStream.rangeClosed(1, SnippetListParameters.MAX_LANGUAGES)
                .mapToObj(i -> "language" + i)
                .toList();
        assertEquals(
                SnippetListParameters.MAX_LANGUAGES,
                parameters.toQuery().languages().size());

        parameters.language = IntStream.rangeClosed(1, SnippetListParameters.MAX_LANGUAGES + 1)
                .mapToObj(i -> "language" + i)
                .toList();
        assertEquals(
                "bad_request",
                assertThrows(ApiException.class, parameters::toQuery).code());
    }

    @Test
    void badValuesAreBadRequests() {
        for (String limit : List.of("0", "201", "-1", "x", "1e2", " 5")) {
            assertEquals(
                    "bad_request",
                    assertThrows(ApiException.class, () -> parse(null, null, null, null, null, limit))
                            .code(),
                    limit);
        }
        assertThrows(ApiException.class, () -> parse(null, null, null, null, "newest", null));
        assertThrows(ApiException.class, () -> parse(null, null, null, null, "relevance", null));
        assertThrows(ApiException.class, () -> parse("x".repeat(2_001), null, null, null, null, null));
    }

    @Test
    void aNulInTheQueryIsABadRequest() {
        assertEquals(
                "bad_request",
                assertThrows(ApiException.class, () -> parse("abc\0def", null, null, null, null, null))
                        .code());
    }

    @Test
    void moreTagFiltersThanASnippetCanCarryAreABadRequest() {
        String thirtyTwo = String.join(
                ",",
                java.util.stream.IntStream.range(0, 32).mapToObj(i -> "t" + i).toList());
        assertEquals(32, parse(null, null, thirtyTwo, null, null, null).tags().size());

        String thousand = String.join(
                ",",
                java.util.stream.IntStream.range(0, 1_000)
                        .mapToObj(i -> "t" + i)
                        .toList());
        assertEquals(
                "bad_request",
                assertThrows(ApiException.class, () -> parse(null, null, thousand, null, null, null))
                        .code());
    }

    @Test
    void theQueryLimitCountsCodePointsNotUtf16Units() {
        String emoji = "\uD83D\uDE00";
        assertEquals(
                1,
                parse(emoji.repeat(2_000), null, null, null, null, null).terms().size());
        assertThrows(ApiException.class, () -> parse(emoji.repeat(2_001), null, null, null, null, null));
    }
}
