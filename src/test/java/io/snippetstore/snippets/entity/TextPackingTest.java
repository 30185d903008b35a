package io.snippetstore.snippets.entity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class TextPackingTest {

    @Test
    void deflatedTextsComeBackExactlyAndSmallerWhenTheyRepeat() {
        String text = "for (int i = 0; i < n; i++) {\r\n\tsum += i; // é ✓ \u0000\n}\n".repeat(200);

        byte[] packed = TextPacking.DEFLATE.pack(text);

        assertEquals(text, TextPacking.DEFLATE.unpack(packed));
        assertTrue(packed.length < text.getBytes(StandardCharsets.UTF_8).length / 10, packed.length + " bytes");
        assertEquals("", TextPacking.DEFLATE.unpack(TextPacking.DEFLATE.pack("")));
    }

    @Test
    void plainTextsAreTheirUtf8() {
        assertArrayEquals("é".getBytes(StandardCharsets.UTF_8), TextPacking.PLAIN.pack("é"));
        assertEquals("é", TextPacking.PLAIN.unpack("é".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aTruncatedOrDamagedTextFailsInsteadOfReadingShort() {
        byte[] packed = TextPacking.DEFLATE.pack("some text that is long enough to be cut ".repeat(20));

        assertThrows(
                IllegalStateException.class,
                () -> TextPacking.DEFLATE.unpack(Arrays.copyOf(packed, packed.length / 2)));
    }

    @Test
    void theStoredNamesAreTheMigrationsOnes() {
        assertEquals("deflate", TextPacking.DEFLATE.storedName());
        assertEquals(TextPacking.PLAIN, TextPacking.fromStoredName("plain"));
    }
}
