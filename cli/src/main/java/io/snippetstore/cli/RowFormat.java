package io.snippetstore.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * {@code --format}: one line per item from a template such as {@code '{id}\t{title}'}. A field in
 * braces is the item's, dots reach into objects ({@code {owner.username}}); an array is its items
 * joined by commas, null and absent are empty; {@code \t}, {@code \n} and {@code \\} are the
 * characters they name, and {@code {{} a literal brace. A field no item could have is a usage error.
 */
final class RowFormat {

    private sealed interface Part permits Text, Field {}

    private record Text(String text) implements Part {}

    private record Field(List<String> path) implements Part {}

    private final List<Part> parts;

    private RowFormat(List<Part> parts) {
        this.parts = parts;
    }

    static RowFormat parse(String template) {
        List<Part> parts = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '\\' && i + 1 < template.length() && "tn\\".indexOf(template.charAt(i + 1)) >= 0) {
                char escaped = template.charAt(++i);
                text.append(escaped == 't' ? '\t' : escaped == 'n' ? '\n' : '\\');
            } else if (c == '{' && template.startsWith("{{", i)) {
                text.append('{');
                i++;
            } else if (c == '{') {
                int close = template.indexOf('}', i);
                String name = close < 0 ? "" : template.substring(i + 1, close);
                if (!name.matches("[A-Za-z][A-Za-z0-9]*(\\.[A-Za-z][A-Za-z0-9]*)*")) {
                    throw new Failure(
                            Failure.USAGE,
                            "--format: \"" + template.substring(i, close < 0 ? template.length() : close + 1)
                                    + "\" is not a field: write {id}, {title}, {owner.username} (and {{ for a brace).");
                }
                if (!text.isEmpty()) {
                    parts.add(new Text(text.toString()));
                    text.setLength(0);
                }
                parts.add(new Field(List.of(name.split("\\."))));
                i = close;
            } else {
                text.append(c);
            }
        }
        if (!text.isEmpty()) {
            parts.add(new Text(text.toString()));
        }
        return new RowFormat(List.copyOf(parts));
    }

    /** The line of one item; fields none of {@code known} has are refused before anything is printed. */
    void requireKnown(List<String> known) {
        parts.stream()
                .filter(part -> part instanceof Field field
                        && !known.contains(field.path().get(0)))
                .findFirst()
                .ifPresent(part -> {
                    throw new Failure(
                            Failure.USAGE,
                            "--format: no field " + String.join(".", ((Field) part).path()) + "; the fields are "
                                    + String.join(", ", known) + ".");
                });
    }

    String line(JsonObject item) {
        StringBuilder line = new StringBuilder();
        for (Part part : parts) {
            if (part instanceof Text text) {
                line.append(text.text());
            } else if (part instanceof Field field) {
                line.append(text(value(item, field.path())));
            }
        }
        return line.toString();
    }

    private static JsonValue value(JsonObject item, List<String> path) {
        JsonValue value = item;
        for (String name : path) {
            if (!(value instanceof JsonObject object) || !object.containsKey(name)) {
                return JsonValue.NULL;
            }
            value = object.get(name);
        }
        return value;
    }

    private static String text(JsonValue value) {
        if (value instanceof JsonString string) {
            return string.getString();
        }
        if (value instanceof JsonNumber number) {
            return number.toString();
        }
        if (value instanceof JsonArray array) {
            return array.stream().map(RowFormat::text).collect(Collectors.joining(","));
        }
        if (value instanceof JsonObject object && object.get("name") instanceof JsonString name) {
            return name.getString(); // a group share or a variable: its name
        }
        return value == JsonValue.TRUE
                ? "true"
                : value == JsonValue.FALSE ? "false" : value instanceof JsonObject ? value.toString() : "";
    }
}
