package io.snippetstore.attachments.boundary;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An {@code If-Match} or {@code If-None-Match} value as RFC 9110 §13.1 reads it: {@code *}, or a
 * comma-separated list of entity tags. A member that is not an entity tag matches nothing; it is
 * never an error.
 */
final class EntityTagList {

    private static final Pattern MEMBER = Pattern.compile("\\s*(W/)?\"([\\x21\\x23-\\x7E\\x80-\\xFF]*)\"\\s*(?:,|$)");

    private EntityTagList() {}

    /**
     * Whether {@code header} names the current entity tag {@code "<opaque>"}: a weak comparison
     * ({@code If-None-Match}) ignores a {@code W/} prefix, a strong one ({@code If-Match}) never matches it.
     */
    static boolean matches(String header, String opaque, boolean weakComparison) {
        if (header.strip().equals("*")) {
            return true;
        }
        Matcher member = MEMBER.matcher(header);
        while (member.find()) {
            boolean weak = member.group(1) != null;
            if (member.group(2).equals(opaque) && (weakComparison || !weak)) {
                return true;
            }
        }
        return false;
    }
}
