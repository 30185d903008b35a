package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.search.control.SearchMatch;
import org.junit.jupiter.api.Test;

class SnippetQueryTest {

    private static String fingerprint(
            SnippetScope scope, String search, Set<String> tags, String language, SnippetSort sort, int limit) {
        return new SnippetQuery(
                        scope,
                        SearchTerms.parse(search),
                        tags,
                        language == null ? Set.of() : Set.of(language),
                        Optional.empty(),
                        sort,
                        limit,
                        Optional.empty(),
                        false,
                        SearchMatch.WORDS,
                        Optional.empty(),
                        false)
                .fingerprint();
    }

    private static String fingerprint(String search, Set<String> tags, String language, SnippetSort sort, int limit) {
        return fingerprint(SnippetScope.OWN, search, tags, language, sort, limit);
    }

    @Test
    void theFingerprintDiffersWhenTheListDiffers() {
        String base = fingerprint("find me", Set.of("a"), "go", SnippetSort.TITLE, 5);

        assertEquals(
                base, fingerprint("FIND  me", Set.of("a"), "GO", SnippetSort.TITLE, 9), "same list, other page size");
        assertNotEquals(base, fingerprint("find me", Set.of("a"), "go", SnippetSort.CREATED, 5));
        assertNotEquals(base, fingerprint("find", Set.of("a"), "go", SnippetSort.TITLE, 5));
        assertNotEquals(base, fingerprint("find me", Set.of("b"), "go", SnippetSort.TITLE, 5));
        assertNotEquals(base, fingerprint("find me", Set.of("a"), null, SnippetSort.TITLE, 5));
        assertNotEquals(base, fingerprint(SnippetScope.TEAM, "find me", Set.of("a"), "go", SnippetSort.TITLE, 5));
    }

    @Test
    void languagesInAnyOrderAndCaseAreTheSameListAndOneMoreIsAnother() {
        String both = languages(Set.of("js", "JavaScript"));

        assertEquals(both, languages(new LinkedHashSet<>(List.of("JAVASCRIPT", "JS"))));
        assertNotEquals(both, languages(Set.of("js")));
        assertNotEquals(both, languages(Set.of("js", "JavaScript", "jsx")));
    }

    private static String languages(Set<String> languages) {
        return new SnippetQuery(
                        SnippetScope.OWN,
                        SearchTerms.parse(""),
                        Set.of(),
                        languages,
                        Optional.empty(),
                        SnippetSort.UPDATED,
                        50,
                        Optional.empty(),
                        false,
                        SearchMatch.WORDS,
                        Optional.empty(),
                        false)
                .fingerprint();
    }
}
