package io.snippetstore.attachments.control;

import java.nio.charset.StandardCharsets;

import io.snippetstore.attachments.entity.Attachment;

/**
 * The filename an upload is kept under: the client's name without any directory part, control
 * characters or bidirectional-text controls (which disguise extensions), at most 255 bytes of
 * UTF-8 with the extension kept when shortened; {@code attachment} when nothing is left.
 */
public final class Filenames {

    public static final String DEFAULT = "attachment";

    private static final int EXTENSION_KEPT_MAX_BYTES = 32;

    private Filenames() {}

    public static String sanitize(String clientName) {
        if (clientName == null) {
            return DEFAULT;
        }
        String name = clientName.substring(Math.max(clientName.lastIndexOf('/'), clientName.lastIndexOf('\\')) + 1);
        StringBuilder kept = new StringBuilder(name.length());
        name.codePoints().filter(codePoint -> !isControl(codePoint)).forEach(kept::appendCodePoint);
        String clean = kept.toString().strip();
        if (clean.isEmpty() || clean.equals(".") || clean.equals("..")) {
            return DEFAULT;
        }
        return shorten(clean);
    }

    private static boolean isControl(int codePoint) {
        return Character.getType(codePoint) == Character.CONTROL
                || codePoint == '\u2028'
                || codePoint == '\u2029'
                || codePoint == '\u200E'
                || codePoint == '\u200F'
                || codePoint == '\u061C'
                || (codePoint >= '\u202A' && codePoint <= '\u202E')
                || (codePoint >= '\u2066' && codePoint <= '\u2069');
    }

    private static String shorten(String name) {
        if (utf8Length(name) <= Attachment.FILENAME_MAX_BYTES) {
            return name;
        }
        int dot = name.lastIndexOf('.');
        String extension = dot > 0 ? name.substring(dot) : "";
        if (utf8Length(extension) > EXTENSION_KEPT_MAX_BYTES) {
            extension = "";
        }
        String base = extension.isEmpty() ? name : name.substring(0, dot);
        return prefixWithin(base, Attachment.FILENAME_MAX_BYTES - utf8Length(extension)) + extension;
    }

    /** The longest prefix of whole code points within {@code maxBytes} of UTF-8. */
    private static String prefixWithin(String text, int maxBytes) {
        int bytes = 0;
        int end = 0;
        while (end < text.length()) {
            int codePoint = text.codePointAt(end);
            int length = utf8Length(Character.toString(codePoint));
            if (bytes + length > maxBytes) {
                break;
            }
            bytes += length;
            end += Character.charCount(codePoint);
        }
        return text.substring(0, end);
    }

    private static int utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
