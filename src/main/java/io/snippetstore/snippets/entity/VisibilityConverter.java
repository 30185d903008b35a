package io.snippetstore.snippets.entity;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

@Converter(autoApply = true)
public class VisibilityConverter implements AttributeConverter<Visibility, String> {

    @Override
    public String convertToDatabaseColumn(Visibility visibility) {
        return visibility == null ? null : visibility.apiName();
    }

    @Override
    public Visibility convertToEntityAttribute(String value) {
        return value == null
                ? null
                : Visibility.fromApiName(value)
                        .orElseThrow(() -> new IllegalStateException("Unknown visibility in the database: " + value));
    }
}
