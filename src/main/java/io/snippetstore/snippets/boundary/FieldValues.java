package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.platform.JsonProviders;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonValue;

/** A field's value in a diff or a merge as JSON: a string, an array of tags, or null. */
final class FieldValues {

    private FieldValues() {}

    static JsonValue json(Object value) {
        if (value == null) {
            return JsonValue.NULL;
        }
        if (value instanceof List<?> list) {
            JsonArrayBuilder array = JsonProviders.SHARED.createArrayBuilder();
            list.forEach(item -> array.add(item.toString()));
            return array.build();
        }
        return JsonProviders.SHARED.createValue(value.toString());
    }
}
