package io.snippetstore.platform;

import java.time.Instant;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Instants are stored as epoch milliseconds: compact, exact, and ordered as integers in SQLite. */
@Converter(autoApply = true)
public class InstantMillisConverter implements AttributeConverter<Instant, Long> {

    @Override
    public Long convertToDatabaseColumn(Instant instant) {
        return instant == null ? null : instant.toEpochMilli();
    }

    @Override
    public Instant convertToEntityAttribute(Long millis) {
        return millis == null ? null : Instant.ofEpochMilli(millis);
    }
}
