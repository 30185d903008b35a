package io.snippetstore.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tag}: adds and removes tags on several snippets, each keeping its other tags. Each snippet
 * is read, changed and saved under the version read; one that someone changes meanwhile is read
 * again, so nobody's change is lost.
 */
@Command(
        name = "tag",
        description = {
            "Add tags to snippets, or remove them, keeping their other tags.",
            "Tags are compared as the service keeps them: trimmed and lower-cased."
        },
        footer = {
            "",
            "Examples:",
            "  snippets tag 01a2... 01a3... --add oncall",
            "  snippets search --tag k8s --all -q | snippets tag - --add kubernetes --remove k8s"
        })
final class TagCommand implements Callable<Integer> {

    /** Saves tried per snippet while others keep changing it. */
    static final int ATTEMPTS = 3;

    @Mixin
    ClientOptions client;

    @Mixin
    Ids.OfSnippets snippets;

    @Option(
            names = {"-a", "--add"},
            completionCandidates = CompletedValues.Tags.class,
            paramLabel = "TAG",
            description = "A tag to add (repeatable).")
    List<String> added = new ArrayList<>();

    @Option(
            names = {"-r", "--remove"},
            completionCandidates = CompletedValues.Tags.class,
            paramLabel = "TAG",
            description = "A tag to remove (repeatable).")
    List<String> removed = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        if (added.isEmpty() && removed.isEmpty()) {
            throw new Failure(Failure.USAGE, "Say which tags to --add or --remove; nothing was changed.");
        }
        List<String> ids = snippets.read(client.terminal());
        Api api = client.signedIn();
        Output output = new Output(client.terminal());
        List<JsonObject> saved = new ArrayList<>();
        for (String id : ids) {
            JsonObject snippet = retag(api, id);
            saved.add(snippet);
            if (!client.json()) {
                output.line(id + ": " + String.join(", ", tagsOf(snippet)));
            }
        }
        if (client.json()) {
            output.jsonEach(saved);
        }
        return 0;
    }

    /** The snippet with its tags changed, or as it is when they are already so. */
    private JsonObject retag(Api api, String id) {
        String path = "/api/v1/snippets/" + Api.encode(id);
        for (int attempt = 1; ; attempt++) {
            Api.Answer read = api.send("GET", path, null, Api.Body.NONE, Map.of());
            JsonObject snippet = api.data(read).asJsonObject();
            List<String> current = tagsOf(snippet);
            List<String> wanted = wanted(current);
            if (wanted.equals(current)) {
                return snippet;
            }
            Api.Answer changed = api.send(
                    "PATCH",
                    path,
                    "application/merge-patch+json",
                    Api.Body.of(Json.createObjectBuilder()
                            .add("tags", Json.createArrayBuilder(wanted))
                            .build()
                            .toString()),
                    read.header("ETag").map(etag -> Map.of("If-Match", etag)).orElse(Map.of()));
            if (changed.status() != 412) {
                return api.data(changed).asJsonObject();
            }
            if (attempt == ATTEMPTS) {
                throw new Failure(
                        Failure.CONFLICT,
                        "Snippet " + id + " kept changing while it was tagged; its tags were not changed. Try again.");
            }
        }
    }

    /** The current tags less those removed, then those added that it lacks, in that order. */
    List<String> wanted(List<String> current) {
        Set<String> tags = new LinkedHashSet<>(current);
        removed.stream().map(TagCommand::kept).forEach(tags::remove);
        added.stream().map(TagCommand::kept).forEach(tags::add);
        return List.copyOf(tags);
    }

    /** A tag as the service keeps it. */
    private static String kept(String tag) {
        return tag.strip().toLowerCase(Locale.ROOT);
    }

    private static List<String> tagsOf(JsonObject snippet) {
        return snippet.getJsonArray("tags").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString)
                .toList();
    }
}
