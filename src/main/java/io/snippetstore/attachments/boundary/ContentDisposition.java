package io.snippetstore.attachments.boundary;

import java.nio.charset.StandardCharsets;

/**
 * {@code Content-Disposition: attachment} for a filename (RFC 6266): a quoted ASCII fallback in
 * which anything else becomes {@code _}, and the exact name as {@code filename*=UTF-8''...}
 * (RFC 8187). Neither can carry a quote, backslash, CR or LF into the header.
 */
final class ContentDisposition {

    private static final String ATTR_CHAR_PUNCTUATION = "!#$&+-.^_`|~";

    private ContentDisposition() {}

    static String attachment(String filename) {
        return "attachment; filename=\"" + asciiFallback(filename) + "\"; filename*=UTF-8''" + percentEncoded(filename);
    }

    static String asciiFallback(String filename) {
        StringBuilder fallback = new StringBuilder(filename.length());
        filename.codePoints()
                .forEach(codePoint -> fallback.append(
                        codePoint >= 0x20 && codePoint < 0x7F && codePoint != '"' && codePoint != '\\'
                                ? (char) codePoint
                                : '_'));
        return fallback.toString();
    }

    static String percentEncoded(String filename) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : filename.getBytes(StandardCharsets.UTF_8)) {
            int unsigned = b & 0xFF;
            if ((unsigned >= 'a' && unsigned <= 'z')
                    || (unsigned >= 'A' && unsigned <= 'Z')
                    || (unsigned >= '0' && unsigned <= '9')
                    || ATTR_CHAR_PUNCTUATION.indexOf(unsigned) >= 0) {
                encoded.append((char) unsigned);
            } else {
                encoded.append('%')
                        .append(Character.toUpperCase(Character.forDigit(unsigned >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(unsigned & 0xF, 16)));
            }
        }
        return encoded.toString();
    }
}
