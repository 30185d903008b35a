package io.snippetstore.platform;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/** Instants as the API writes them: RFC 3339, UTC, always with milliseconds. */
public final class Timestamps {

    private static final DateTimeFormatter RFC_3339_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {}

    /** The current instant at the precision the database keeps. */
    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    /**
     * An instant a client sent as {@code name}: RFC 3339 with its offset ({@code 2026-11-27T08:00:00Z},
     * {@code 2026-11-27T09:00:00.5+01:00}), its year of four digits as RFC 3339's; anything else is a
     * 400 {@code bad_request}.
     */
    public static Instant parse(String value, String name) {
        try {
            OffsetDateTime parsed = OffsetDateTime.parse(value);
            if (parsed.getYear() >= 0 && parsed.getYear() <= 9999) {
                return parsed.toInstant();
            }
        } catch (DateTimeParseException e) {
            // said below
        }
        throw ApiException.badRequest(name + " must be a date and time with its offset, such as 2026-11-27T08:00:00Z.");
    }

    /** The API form of an instant, or {@code null} for none. */
    public static String format(Instant instant) {
        return instant == null ? null : RFC_3339_MILLIS.format(instant);
    }
}
