package io.snippetstore.attachments.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class FilenamesTest {

    @Test
    void aPathKeepsOnlyItsLastSegment() {
        assertEquals("passwd", Filenames.sanitize("../../etc/passwd"));
        assertEquals("evil.bat", Filenames.sanitize("C:\\Windows\\evil.bat"));
        assertEquals("notes.txt", Filenames.sanitize("a/b\\c/notes.txt"));
    }

    @Test
    void controlAndBidirectionalCharactersAreRemoved() {
        assertEquals("ab.txt", Filenames.sanitize("a\r\n\u0000b\u007F.txt"));
        assertEquals("invoicefdp.exe", Filenames.sanitize("invoice\u202Efdp.exe"));
    }

    @Test
    void unicodeNamesAreKept() {
        assertEquals("日本語 ノート 🚀.md", Filenames.sanitize("日本語 ノート 🚀.md"));
    }

    @Test
    void nothingLeftMeansTheDefaultName() {
        assertEquals("attachment", Filenames.sanitize(null));
        assertEquals("attachment", Filenames.sanitize(""));
        assertEquals("attachment", Filenames.sanitize("dir/"));
        assertEquals("attachment", Filenames.sanitize(".."));
        assertEquals("attachment", Filenames.sanitize("a/."));
        assertEquals("attachment", Filenames.sanitize("\r\n  "));
    }

    @Test
    void aLongNameIsCutToTwoHundredFiftyFiveBytesKeepingTheExtensionAndWholeCharacters() {
        String name = Filenames.sanitize("é".repeat(300) + ".tar");

        assertTrue(name.endsWith("é.tar"), name);
        int bytes = name.getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes <= 255 && bytes >= 253, "bytes: " + bytes);
    }

    @Test
    void aNameOfExactlyTwoHundredFiftyFiveBytesIsUnchanged() {
        String name = "a".repeat(251) + ".txt";

        assertEquals(name, Filenames.sanitize(name));
    }
}
