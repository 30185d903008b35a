package io.snippetstore.placeholders.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The quoting rules as text; {@code VariablesTests} runs the shell's through a real {@code bash}. */
class QuotingTest {

    @Test
    void shellQuotingClosesReopensAroundEachSingleQuote() {
        assertEquals("'a'\\''b $(x) `y` \"z\"'", Quoting.SH.quote("a'b $(x) `y` \"z\""));
        assertEquals("''", Quoting.SH.quote(""));
    }

    @Test
    void powerShellQuotingDoublesEverySingleQuoteItKnows() {
        assertEquals("'it''s $env:PATH `n'", Quoting.PS.quote("it's $env:PATH `n"));
        assertEquals("'a''b‘‘c’’d‚‚e‛‛'", Quoting.PS.quote("a'b‘c’d‚e‛"));
    }

    @Test
    void urlQuotingKeepsOnlyUnreservedCharacters() {
        assertEquals("a-b_c.d~e%20f%2Fg%3F%26h%3D%C3%A4%F0%9F%98%80", Quoting.URL.quote("a-b_c.d~e f/g?&h=ä😀"));
    }

    @Test
    void noQuotingIsTheValueItself() {
        assertEquals("a'b", Quoting.NONE.quote("a'b"));
    }

    @Test
    void urlQuotingKeepsExactlyTheUnreservedCharactersAtTheEdgesOfTheirRanges() {
        assertEquals("%40AZ%5B%60az%7B%2F09%3A", Quoting.URL.quote("@AZ[`az{/09:"));
    }

    @Test
    void powerShellQuotingDoublesOnlyTheSingleQuotationMarksNotTheirNeighbours() {
        assertEquals("'\u2017\u2018\u2018\u201B\u201B\u201C'", Quoting.PS.quote("\u2017\u2018\u201B\u201C"));
    }
}
