package io.snippetstore.attachments.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class ContentDispositionTest {

    @Test
    void anAsciiNameIsQuotedAndRepeatedEncoded() {
        assertEquals(
                "attachment; filename=\"notes v2.txt\"; filename*=UTF-8''notes%20v2.txt",
                ContentDisposition.attachment("notes v2.txt"));
    }

    @Test
    void aUnicodeNameHasAnAsciiFallbackAndItsUtf8Bytes() {
        assertEquals(
                "attachment; filename=\"___.md\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.md",
                ContentDisposition.attachment("日本語.md"));
    }

    @Test
    void quotesBackslashesAndLineBreaksCannotLeaveTheParameter() {
        String header = ContentDisposition.attachment("a\"b\\c\r\nSet-Cookie: x=1;.txt");

        assertEquals(
                "attachment; filename=\"a_b_c__Set-Cookie: x=1;.txt\"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B.txt",
                header);
        assertFalse(header.contains("\r") || header.contains("\n"));
    }
}
