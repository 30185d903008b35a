package io.snippetstore.cli;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.util.List;
import java.util.Map;

import jakarta.json.Json;
import jakarta.json.JsonObject;

/**
 * What the launcher runs once, recording the classes it loads into the class-data sharing archive
 * that every later start maps (cli/src/main/sh/snippets): the path of a networked command (parsing,
 * the HTTP client trying a closed loopback port, the failure shown) and of its answer (JSON read,
 * a table and JSON written), with nothing shown and nothing sent anywhere.
 */
final class StartupTraining {

    /** The hidden first argument that runs this instead of a command. */
    static final String ARGUMENT = "--record-startup-classes";

    private static final String CLOSED_PORT = "http://127.0.0.1:9";
    private static final String ANSWER = """
            {"ok": true, "data": [{"id": "01a", "title": "t", "language": "sh", "tags": ["a"], "updatedAt": "2026-01-01T00:00:00Z",
             "owner": {"id": "u", "username": "u"}}], "meta": {"nextCursor": null}}""";

    private StartupTraining() {
    }

    static void run() {
        PrintWriter nowhere = new PrintWriter(OutputStream.nullOutputStream());
        Terminal terminal = new Terminal(nowhere, nowhere, OutputStream.nullOutputStream(), new ByteArrayInputStream(new byte[0]), false, false);
        Map<String, String> environment = Map.of("SNIPPETS_TOKEN", "training", "XDG_CONFIG_HOME", System.getProperty("java.io.tmpdir"));
        for (List<String> command : List.of(List.of("search", "x", "--json"), List.of("show", "01a"), List.of("--help"))) {
            Snippets.commandLine(environment, terminal).execute(with(command, "--server", CLOSED_PORT, "--timeout", "1"));
        }
        JsonObject answer = Json.createReader(new StringReader(ANSWER)).readObject();
        Output output = new Output(terminal);
        output.table(answer.getJsonArray("data").getValuesAs(JsonObject.class), SnippetCommands.snippetColumns());
        output.json(answer);
        nowhere.flush();
    }

    private static String[] with(List<String> command, String... options) {
        return java.util.stream.Stream.concat(command.stream(), java.util.Arrays.stream(options)).toArray(String[]::new);
    }
}
