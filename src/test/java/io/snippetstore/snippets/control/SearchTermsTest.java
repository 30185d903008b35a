package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class SearchTermsTest {

    @Test
    void splitsOnAnyWhitespaceLowerCasesAndDropsDuplicates() {
        SearchTerms terms = SearchTerms.parse("  UserBy\tuserby\u00a0Repo\nrepo  ");

        assertEquals(List.of("userby", "repo"), terms.all());
    }

    @Test
    void everyCharacterIsPlainTextAndEveryLetterIsFolded() {
        SearchTerms terms = SearchTerms.parse("say \"hi\" NEAR(a* -x title:y ÄRGER 🦀");

        assertEquals(List.of("say", "\"hi\"", "near(a*", "-x", "title:y", "ärger", "🦀"), terms.all());
    }

    @Test
    void anEmptyOrBlankQueryHasNoTerms() {
        assertTrue(SearchTerms.parse(null).isEmpty());
        assertTrue(SearchTerms.parse("   ").isEmpty());
    }
}
