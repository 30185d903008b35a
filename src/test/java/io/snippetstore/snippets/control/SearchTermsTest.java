package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class SearchTermsTest {

    @Test
    void splitsOnAnyWhitespaceLowerCasesAndDropsDuplicates() {
        SearchTerms terms = SearchTerms.parse("  UserBy\tuserby\u00a0Repo\nrepo  ");

        assertEquals(List.of("userby", "repo"), terms.indexed());
        assertTrue(terms.scanned().isEmpty());
    }

    @Test
    void termsShorterThanATrigramAreScannedNotIndexed() {
        SearchTerms terms = SearchTerms.parse("a OR b 🦀 日本 日本語");

        assertEquals(List.of("日本語"), terms.indexed());
        assertEquals(List.of("a", "or", "b", "🦀", "日本"), terms.scanned(), "code points, not UTF-16 units, decide");
    }

    @Test
    void everyIndexedTermIsOneQuotedFts5StringSoNothingIsSyntax() {
        SearchTerms terms = SearchTerms.parse("say \"hi\" NEAR(a* -x title:y");

        assertEquals("\"say\" AND \"\"\"hi\"\"\" AND \"near(a*\" AND \"title:y\"", terms.matchExpression());
        assertEquals(List.of("-x"), terms.scanned());
    }

    @Test
    void anEmptyOrBlankQueryHasNoTerms() {
        assertTrue(SearchTerms.parse(null).isEmpty());
        assertTrue(SearchTerms.parse("   ").isEmpty());
    }
}
