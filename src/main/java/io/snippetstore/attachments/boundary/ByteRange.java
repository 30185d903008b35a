package io.snippetstore.attachments.boundary;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of a download a {@code Range} header asks for (RFC 9110 §14). Only one range is
 * served: a header this service does not understand, or one with several ranges, is ignored
 * and the whole file sent, as the RFC allows. A range that starts past the end is unsatisfiable.
 */
record ByteRange(long first, long last) {

    private static final Pattern SINGLE =
            Pattern.compile("bytes=[ \\t]*(\\d*)-(\\d*)[ \\t]*", Pattern.CASE_INSENSITIVE);

    /** What to send of a file of {@code size} bytes. */
    sealed interface Selection {}

    record Whole() implements Selection {}

    record Part(ByteRange range) implements Selection {}

    record Unsatisfiable() implements Selection {}

    long length() {
        return last - first + 1;
    }

    String contentRange(long size) {
        return "bytes " + first + "-" + last + "/" + size;
    }

    static Selection select(String header, long size) {
        if (header == null) {
            return new Whole();
        }
        Matcher matcher = SINGLE.matcher(header.strip());
        if (!matcher.matches()
                || (matcher.group(1).isEmpty() && matcher.group(2).isEmpty())) {
            return new Whole();
        }
        Optional<Long> first = number(matcher.group(1));
        Optional<Long> last = number(matcher.group(2));
        if ((!matcher.group(1).isEmpty() && first.isEmpty())
                || (!matcher.group(2).isEmpty() && last.isEmpty())) {
            return new Whole();
        }
        if (first.isEmpty()) {
            long suffix = last.get();
            if (suffix == 0 || size == 0) {
                return new Unsatisfiable();
            }
            return new Part(new ByteRange(Math.max(0, size - suffix), size - 1));
        }
        if (last.isPresent() && last.get() < first.get()) {
            return new Whole();
        }
        if (first.get() >= size) {
            return new Unsatisfiable();
        }
        return new Part(new ByteRange(first.get(), Math.min(last.orElse(size - 1), size - 1)));
    }

    private static Optional<Long> number(String digits) {
        if (digits.isEmpty() || digits.length() > 18) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(digits));
    }
}
