package io.snippetstore.platform;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** Instants as the API writes them: RFC 3339, UTC, always with milliseconds. */
public final class Timestamps {

    private static final DateTimeFormatter RFC_3339_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    /** The current instant at the precision the database keeps. */
    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    /** The API form of an instant, or {@code null} for none. */
    public static String format(Instant instant) {
        return instant == null ? null : RFC_3339_MILLIS.format(instant);
    }
}
