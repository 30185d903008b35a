package io.snippetstore.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonWriterFactory;
import jakarta.json.stream.JsonGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code snippets export}: the caller's snippets taken out (docs/CLI.md, "Taking snippets out"):
 * the service's archive, or a collection, a tag or a search as a VS Code snippets file or one
 * Markdown document.
 */
@Command(
        name = "export",
        description = "Write snippets out: the service's archive, a VS Code snippets file, or Markdown.",
        footer = {
            "",
            "Examples:",
            "  snippets export -o snippets.zip                       # everything of yours, as the service exports it",
            "  snippets export --format vscode --collection runbooks -o .vscode/runbooks.code-snippets",
            "  snippets export --format markdown --tag k8s -o k8s.md",
            "  snippets export --format vscode kubectl rollout       # the snippets a search finds"
        })
final class ExportCommand implements Callable<Integer> {

    /** The most snippets a VS Code or Markdown export writes: such files are read by people and editors. */
    static final int MAX_SNIPPETS = 10_000;

    @Mixin
    ClientOptions client;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "archive",
            description = "archive (the service's own, with history and attachments), vscode or markdown"
                    + " (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write to FILE (default: standard output).")
    Path output;

    @Option(names = "--collection", paramLabel = "PATH|ID", description = "Only the snippets of this collection.")
    String collection;

    @Option(names = "--recursive", description = "With --collection: the collections inside it too.")
    boolean recursive;

    @Option(names = "--tag", paramLabel = "TAG", description = "Only snippets with this tag (repeatable: all of them).")
    List<String> tags = new ArrayList<>();

    @Option(
            names = "--scope",
            paramLabel = "SCOPE",
            description = "Whose snippets: own (default), team, groups or all (with --collection: all).")
    String scope;

    @Parameters(paramLabel = "TERMS", arity = "0..*", description = "Only the snippets these terms find.")
    List<String> terms = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        if (recursive && collection == null) {
            throw new Failure(Failure.USAGE, "--recursive goes with --collection: which collection?");
        }
        switch (format) {
            case "archive" -> {
                if (collection != null || !tags.isEmpty() || scope != null || !terms.isEmpty()) {
                    throw new Failure(
                            Failure.USAGE,
                            "The archive holds all of your snippets: --collection, --tag, --scope and terms go with"
                                    + " --format vscode or markdown.");
                }
                archive(client.signedIn());
            }
            case "vscode", "markdown" -> {
                Api api = client.signedIn();
                List<JsonObject> snippets = selected(api);
                String text = format.equals("vscode")
                        ? pretty(SnippetFiles.vsCode(snippets))
                        : SnippetFiles.markdown(heading(), snippets);
                write(text.getBytes(StandardCharsets.UTF_8));
                if (output != null) {
                    new Output(client.terminal()).note("Wrote " + snippets.size() + " snippets to " + output + ".");
                }
            }
            default ->
                throw new Failure(Failure.USAGE, "--format takes archive, vscode or markdown, not \"" + format + "\".");
        }
        return 0;
    }

    private String heading() {
        List<String> parts = new ArrayList<>();
        if (collection != null) {
            parts.add(collection);
        }
        tags.forEach(tag -> parts.add("#" + tag));
        if (!terms.isEmpty()) {
            parts.add("\"" + String.join(" ", terms) + "\"");
        }
        return parts.isEmpty() ? "Snippets" : "Snippets: " + String.join(", ", parts);
    }

    /** Every snippet the selection finds, whole, walking the list's cursor (at most {@link #MAX_SNIPPETS}). */
    private List<JsonObject> selected(Api api) {
        StringBuilder path = new StringBuilder("/api/v1/snippets?fields=all&limit=200");
        if (collection != null) {
            path.append("&collection=").append(Api.encode(CollectionCommands.idOf(api, collection)));
            if (recursive) {
                path.append("&recursive=true");
            }
        }
        if (scope != null) {
            path.append("&scope=").append(Api.encode(scope));
        }
        tags.forEach(tag -> path.append("&tag=").append(Api.encode(tag)));
        if (!terms.isEmpty()) {
            path.append("&query=").append(Api.encode(String.join(" ", terms)));
        } else {
            path.append("&sort=title");
        }
        List<JsonObject> snippets = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        do {
            JsonObject page = api.envelope(
                    path + cursor.map(value -> "&cursor=" + Api.encode(value)).orElse(""));
            snippets.addAll(page.getJsonArray("data").getValuesAs(JsonObject.class));
            if (snippets.size() > MAX_SNIPPETS) {
                throw new Failure(
                        Failure.USAGE,
                        "More than " + MAX_SNIPPETS + " snippets: narrow it (--collection, --tag, terms), or take the"
                                + " archive.");
            }
            cursor = Optional.ofNullable(page.getJsonObject("meta"))
                    .map(meta -> meta.get("nextCursor"))
                    .filter(JsonString.class::isInstance)
                    .map(value -> ((JsonString) value).getString());
        } while (cursor.isPresent());
        return snippets;
    }

    private static String pretty(JsonObject file) {
        JsonWriterFactory writers = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));
        java.io.StringWriter text = new java.io.StringWriter();
        writers.createWriter(text).write(file);
        return text.toString().strip() + "\n";
    }

    /** {@code GET /api/v1/export}, streamed into the file (through a part file, renamed once whole) or standard output. */
    private void archive(Api api) throws IOException {
        if (output == null && client.terminal().interactive()) {
            throw new Failure(Failure.USAGE, "The archive is a ZIP file: give -o FILE, or send it through a pipe.");
        }
        Api.Answer answer = api.send("GET", "/api/v1/export", null, Api.Body.NONE, Map.of());
        try (InputStream body = api.bodyOf(answer)) {
            if (output == null) {
                new Output(client.terminal()).raw(body);
                return;
            }
            Path part = output.resolveSibling(output.getFileName() + ".part");
            try (OutputStream out = Files.newOutputStream(part)) {
                body.transferTo(out);
            } catch (IOException e) {
                Files.deleteIfExists(part);
                throw new Failure(Failure.SERVER, "The export broke off before it was whole; try again.");
            }
            Files.move(part, output, StandardCopyOption.REPLACE_EXISTING);
            new Output(client.terminal()).note("Wrote your archive to " + output + ".");
        }
    }

    private void write(byte[] bytes) throws IOException {
        if (output == null) {
            new Output(client.terminal()).raw(new java.io.ByteArrayInputStream(bytes));
        } else {
            Files.write(output, bytes);
        }
    }
}
