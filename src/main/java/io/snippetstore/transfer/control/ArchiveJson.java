package io.snippetstore.transfer.control;

import java.io.InputStream;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.JsonProviders;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;

/**
 * Reads one document of an archive as it streams, building only what the format has room for:
 * the fields it names ({@code arrayLimits}' keys and {@code scalars}; any other field is passed
 * over unbuilt), each array at most its field's limit long, objects inside at most
 * {@link #MAX_NESTED_FIELDS} fields, nothing nested deeper than {@link #MAX_DEPTH}, no field
 * twice, and numbers only as whole numbers a {@code long} holds. A document that breaks one is
 * refused where it breaks it, before the rest is read or built: a document of a few megabytes
 * can otherwise make millions of small objects (an array of one short string repeated).
 */
final class ArchiveJson {

    /** The document, an attachment within it, a value of that: the format nests no deeper. */
    static final int MAX_DEPTH = 3;

    /** Fields of an object inside the document (an attachment has seven). */
    static final int MAX_NESTED_FIELDS = 32;

    /** Digits and sign of the longest {@code long}. */
    private static final int MAX_NUMBER_CHARACTERS = 20;

    private static final JsonProvider JSON = JsonProviders.SHARED;

    private final String path;
    private final JsonParser parser;

    private ArchiveJson(String path, JsonParser parser) {
        this.path = path;
        this.parser = parser;
    }

    /** The document's object, with only the fields named in {@code arrayLimits} (arrays, each at most that long) and {@code scalars}. */
    static JsonObject read(String path, InputStream in, Map<String, Integer> arrayLimits, Set<String> scalars) {
        try (JsonParser parser = JSON.createParser(in)) {
            return new ArchiveJson(path, parser).document(arrayLimits, scalars);
        }
    }

    private JsonObject document(Map<String, Integer> arrayLimits, Set<String> scalars) {
        if (!parser.hasNext() || parser.next() != JsonParser.Event.START_OBJECT) {
            throw notAnObject();
        }
        JsonObjectBuilder document = JSON.createObjectBuilder();
        Set<String> seen = new HashSet<>();
        for (JsonParser.Event event = parser.next(); event != JsonParser.Event.END_OBJECT; event = parser.next()) {
            String field = parser.getString();
            if (!seen.add(field)) {
                throw refused(field + " is given more than once");
            }
            JsonParser.Event valueEvent = parser.next();
            if (arrayLimits.containsKey(field) && valueEvent == JsonParser.Event.START_ARRAY) {
                document.add(field, array(field, arrayLimits.get(field), 2));
            } else if (arrayLimits.containsKey(field) || scalars.contains(field)) {
                document.add(field, value(field, valueEvent, 2));
            } else {
                skip(valueEvent, 2);
            }
        }
        if (parser.hasNext()) {
            throw notAnObject();
        }
        return document.build();
    }

    private JsonValue value(String field, JsonParser.Event event, int depth) {
        return switch (event) {
            case VALUE_STRING -> JSON.createValue(parser.getString());
            case VALUE_NUMBER -> number(field);
            case VALUE_TRUE -> JsonValue.TRUE;
            case VALUE_FALSE -> JsonValue.FALSE;
            case VALUE_NULL -> JsonValue.NULL;
            case START_ARRAY -> array(field, MAX_NESTED_FIELDS, depth);
            case START_OBJECT -> object(field, depth);
            default -> throw notAnObject();
        };
    }

    private JsonValue array(String field, int maxLength, int depth) {
        requireDepth(depth);
        JsonArrayBuilder array = JSON.createArrayBuilder();
        int length = 0;
        for (JsonParser.Event event = parser.next(); event != JsonParser.Event.END_ARRAY; event = parser.next()) {
            if (++length > maxLength) {
                throw refused(field + " has more than " + maxLength + " entries, the most an import takes");
            }
            array.add(value(field, event, depth + 1));
        }
        return array.build();
    }

    private JsonValue object(String field, int depth) {
        requireDepth(depth);
        JsonObjectBuilder object = JSON.createObjectBuilder();
        int fields = 0;
        for (JsonParser.Event event = parser.next(); event != JsonParser.Event.END_OBJECT; event = parser.next()) {
            if (++fields > MAX_NESTED_FIELDS) {
                throw refused(field + " holds an object of more than " + MAX_NESTED_FIELDS + " fields");
            }
            String name = parser.getString();
            object.add(name, value(field, parser.next(), depth + 1));
        }
        return object.build();
    }

    /** Passes over a value of a field the format does not have, building nothing, still within the depth. */
    private void skip(JsonParser.Event event, int depth) {
        if (event != JsonParser.Event.START_ARRAY && event != JsonParser.Event.START_OBJECT) {
            return;
        }
        requireDepth(depth);
        for (JsonParser.Event next = parser.next();
                next != JsonParser.Event.END_ARRAY && next != JsonParser.Event.END_OBJECT;
                next = parser.next()) {
            skip(next, depth + 1);
        }
    }

    private JsonValue number(String field) {
        if (parser.getString().length() > MAX_NUMBER_CHARACTERS || !parser.isIntegralNumber()) {
            throw refused(field + " must be a whole number");
        }
        return JSON.createValue(parser.getLong());
    }

    private void requireDepth(int depth) {
        if (depth > MAX_DEPTH) {
            throw refused("its values nest deeper than " + MAX_DEPTH + " levels, deeper than the format");
        }
    }

    private ApiException refused(String reason) {
        return ApiException.invalidArchive(path + ": " + reason + ".");
    }

    private ApiException notAnObject() {
        return ApiException.invalidArchive(path + " is not a JSON object.");
    }
}
