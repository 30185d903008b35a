package io.snippetstore.placeholders.control;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * How a value is written where its placeholder stands: as it is, or quoted for one language so
 * that the language reads back exactly the value, whatever characters it holds.
 */
public enum Quoting {
    /** The value as it is. */
    NONE,
    /** A POSIX shell word: single-quoted, each {@code '} written {@code '\''}. */
    SH,
    /**
     * A PowerShell verbatim string: single-quoted, each single quote doubled. PowerShell also
     * takes the typographic quotes U+2018..U+201B for {@code '}, so they are doubled too.
     */
    PS,
    /** A URL component: UTF-8, every byte but RFC 3986's unreserved characters percent-encoded. */
    URL;

    /** The name after a placeholder's {@code !}; {@link #NONE} has none. */
    public String suffix() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Optional<Quoting> fromSuffix(String suffix) {
        return Arrays.stream(values())
                .filter(quoting -> quoting != NONE && quoting.suffix().equals(suffix))
                .findFirst();
    }

    public String quote(String value) {
        return switch (this) {
            case NONE -> value;
            case SH -> "'" + value.replace("'", "'\\''") + "'";
            case PS -> "'" + doubleSingleQuotes(value) + "'";
            case URL -> percentEncode(value);
        };
    }

    private static String doubleSingleQuotes(String value) {
        StringBuilder quoted = new StringBuilder(value.length() + 8);
        value.chars().forEach(c -> {
            quoted.append((char) c);
            if (c == '\'' || (c >= '\u2018' && c <= '\u201B')) {
                quoted.append((char) c);
            }
        });
        return quoted.toString();
    }

    private static String percentEncode(String value) {
        StringBuilder encoded = new StringBuilder(value.length() * 3);
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if ((c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '.'
                    || c == '_'
                    || c == '~') {
                encoded.append((char) c);
            } else {
                encoded.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return encoded.toString();
    }
}
