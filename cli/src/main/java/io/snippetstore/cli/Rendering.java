package io.snippetstore.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * A snippet's code with its variables filled in: values from {@code --set name=value}, the
 * missing ones asked for on a terminal, the rendering done by the service ({@code /render}), so
 * that the client quotes exactly as the web interface and the API do.
 */
final class Rendering {

    private Rendering() {}

    /** The values of {@code --set name=value} options: a usage failure for one without a name or given twice. */
    static Map<String, String> parse(List<String> sets) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String set : sets) {
            int equals = set.indexOf('=');
            if (equals <= 0) {
                throw new Failure(Failure.USAGE, "--set takes NAME=VALUE, not \"" + set + "\".");
            }
            if (values.put(set.substring(0, equals), set.substring(equals + 1)) != null) {
                throw new Failure(Failure.USAGE, "--set gives " + set.substring(0, equals) + " more than one value.");
            }
        }
        return values;
    }

    /**
     * The given values, and for each variable that has neither a value nor a default, one asked
     * for on the terminal; without a terminal that is a usage failure naming them.
     */
    static Map<String, String> completed(JsonObject snippet, Map<String, String> given, Terminal terminal)
            throws IOException {
        List<String> missing = snippet
                .getOrDefault("variables", JsonValue.EMPTY_JSON_ARRAY)
                .asJsonArray()
                .getValuesAs(JsonObject.class)
                .stream()
                .filter(variable -> variable.get("default").getValueType() == JsonValue.ValueType.NULL)
                .map(variable -> variable.getString("name"))
                .filter(name -> !given.containsKey(name))
                .toList();
        if (missing.isEmpty()) {
            return given;
        }
        if (!terminal.interactive()) {
            throw new Failure(
                    Failure.USAGE,
                    "No value for " + String.join(", ", missing) + ": give "
                            + missing.stream()
                                    .map(name -> "--set " + name + "=…")
                                    .collect(Collectors.joining(" ")) + ".");
        }
        Map<String, String> values = new LinkedHashMap<>(given);
        for (String name : missing) {
            values.put(
                    name,
                    terminal.ask(name + ": ")
                            .orElseThrow(() ->
                                    new Failure(Failure.USAGE, "No value for " + name + "; nothing was rendered.")));
        }
        return values;
    }

    /** The snippet's code rendered by the service with these values (a 400 names what is wrong). */
    static InputStream rendered(SnippetSource snippet, Map<String, String> values) {
        String query = values.entrySet().stream()
                .map(entry -> Api.encode(entry.getKey()) + "=" + Api.encode(entry.getValue()))
                .collect(Collectors.joining("&"));
        Api.Answer answer = snippet.api()
                .send(
                        "GET",
                        snippet.path() + "/render" + (query.isEmpty() ? "" : "?" + query),
                        null,
                        Api.Body.NONE,
                        Map.of());
        return snippet.api().bodyOf(answer);
    }

    /** The rendered code of a snippet, its missing values asked for first. */
    static InputStream of(SnippetSource source, List<String> sets, Terminal terminal) throws IOException {
        Map<String, String> given = parse(sets);
        JsonObject snippet = source.api().get(source.path()).asJsonObject();
        return rendered(source, completed(snippet, given, terminal));
    }
}
