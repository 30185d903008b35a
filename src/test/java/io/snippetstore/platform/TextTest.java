package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class TextTest {

    @Test
    void printableReplacesControlAndInvisibleFormattingCharacters() {
        assertEquals(
                "a\uFFFD\uFFFDb\uFFFD[1m\uFFFDc\uFFFDd\uFFFD", Text.printable("a\r\nb\u001b[1m\u202ec\u2028d\u0085"));
        assertEquals("zero\uFFFDwidth", Text.printable("zero\u200bwidth"));
    }

    @Test
    void printableLeavesOrdinaryTextAsItIs() {
        String text = "Grüße, 日本語, emoji \uD83D\uDE00, tab-free";
        assertSame(text, Text.printable(text));
        assertNull(Text.printable(null));
    }
}
