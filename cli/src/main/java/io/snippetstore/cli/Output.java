package io.snippetstore.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerator;
import picocli.CommandLine.Help.Ansi;

/** What the commands print: aligned tables for people, the API's JSON for scripts. */
final class Output {

    /** A column: its heading, its widest cell, and how a row's value is read. */
    record Column(String heading, int maxWidth, Function<JsonObject, String> value) {}

    private final Terminal terminal;

    Output(Terminal terminal) {
        this.terminal = terminal;
    }

    /** Indented for a person at a terminal; one compact line for a pipe (clig.dev). */
    void json(JsonValue value) {
        if (!terminal.interactive()) {
            print(value.toString());
            return;
        }
        StringWriter text = new StringWriter();
        try (var writer = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true))
                .createWriter(text)) {
            writer.write(value);
        }
        print(text.toString().strip());
    }

    /** A list in the one shape every list has under --json: {"data": [...], "nextCursor": a cursor or null}. */
    void page(List<JsonObject> items, Optional<String> nextCursor) {
        json(Json.createObjectBuilder()
                .add("data", Json.createArrayBuilder(items))
                .add(
                        "nextCursor",
                        nextCursor
                                .map(value -> (JsonValue) Json.createValue(value))
                                .orElse(JsonValue.NULL))
                .build());
    }

    /** What a command given one id or several made: the one result, or an array of them all. */
    void jsonEach(List<? extends JsonValue> results) {
        json(
                results.size() == 1
                        ? results.get(0)
                        : Json.createArrayBuilder(results).build());
    }

    /** One value on one line (JSON lines), for a stream of items. */
    void jsonLine(JsonValue value) {
        print(value.toString());
    }

    void json(List<JsonObject> items) {
        json(Json.createArrayBuilder(items).build());
    }

    /** A whole list (one the service does not page), in {@link #page}'s shape. */
    void page(List<JsonObject> items) {
        page(items, Optional.empty());
    }

    /** Bytes exactly as they come, for pipes: after anything printed before them. */
    void raw(InputStream body) {
        terminal.out().flush();
        try (body) {
            body.transferTo(terminal.rawOut());
            terminal.rawOut().flush();
        } catch (IOException e) {
            if (terminal.failedToWrite()) {
                throw notWritten();
            }
            throw new Failure(
                    Failure.SERVER, "The download broke off (or the output was closed); run the command again.");
        }
    }

    void line(String text) {
        print(text);
    }

    /** A line on standard output; a failed write (a full disk, a closed pipe) is an error, as it is for {@code cat}. */
    private void print(String text) {
        terminal.out().println(text);
        if (terminal.failedToWrite()) {
            throw notWritten();
        }
    }

    static Failure notWritten() {
        return new Failure(Failure.USAGE, "Could not write to standard output (a full disk, or a closed pipe).");
    }

    /** A note for people, on standard error: it never mixes with what a script reads. */
    void note(String text) {
        terminal.err().println(text);
    }

    /**
     * Aligned columns under a heading at a terminal; for a pipe, a line per row of tab-separated
     * values without heading or cut cells, for cut, awk and while-read (clig.dev).
     */
    void table(List<JsonObject> rows, List<Column> columns) {
        if (!terminal.interactive()) {
            for (JsonObject row : rows) {
                print(String.join(
                        "\t",
                        columns.stream()
                                .map(column -> oneLine(column.value().apply(row)))
                                .toList()));
            }
            return;
        }
        List<List<String>> cells = new ArrayList<>();
        int[] widths = new int[columns.size()];
        for (int c = 0; c < columns.size(); c++) {
            widths[c] = columns.get(c).heading().length();
        }
        for (JsonObject row : rows) {
            List<String> line = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                String value = cut(
                        oneLine(columns.get(c).value().apply(row)),
                        columns.get(c).maxWidth());
                widths[c] = Math.max(widths[c], value.length());
                line.add(value);
            }
            cells.add(line);
        }
        Ansi ansi = terminal.colours() ? Ansi.ON : Ansi.OFF;
        StringBuilder heading = new StringBuilder();
        for (int c = 0; c < columns.size(); c++) {
            heading.append(pad(columns.get(c).heading(), widths[c], c == columns.size() - 1));
        }
        print(ansi.string("@|bold " + heading.toString().stripTrailing() + "|@"));
        for (List<String> line : cells) {
            StringBuilder text = new StringBuilder();
            for (int c = 0; c < line.size(); c++) {
                text.append(pad(line.get(c), widths[c], c == line.size() - 1));
            }
            print(text.toString().stripTrailing());
        }
    }

    private static String pad(String value, int width, boolean last) {
        return last ? value : value + " ".repeat(width - value.length() + 2);
    }

    private static String oneLine(String value) {
        return value == null ? "" : value.replaceAll("[\\r\\n\\t]+", " ");
    }

    private static String cut(String value, int width) {
        return value.length() <= width ? value : value.substring(0, Math.max(0, width - 1)) + "…";
    }

    /** A string field, or empty for null and absent. */
    static String text(JsonObject object, String field) {
        return object.get(field) instanceof JsonString value ? value.getString() : "";
    }

    static String tags(JsonObject snippet) {
        return snippet.get("tags") instanceof JsonArray tags
                ? String.join(
                        ", ",
                        tags.getValuesAs(JsonString.class).stream()
                                .map(JsonString::getString)
                                .toList())
                : "";
    }

    /** A byte count as people read it: 512 B, 1.5 KiB, 20.0 MiB. */
    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
