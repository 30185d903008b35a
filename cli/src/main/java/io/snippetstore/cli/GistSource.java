package io.snippetstore.cli;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Gists through GitHub's REST API ({@code api.github.com}, or GitHub Enterprise Server's {@code
 * /api/v3}) or Opengist's, which follows it ({@code /api/v1}): the list pages followed by their
 * {@code Link} header, then each gist read whole for its files' contents ({@code GET
 * /gists/{id}}), a file the API truncates read from its {@code raw_url}.
 */
final class GistSource {

    /** How many gists are read at once: a few, as GitHub asks of clients (no more than a handful of requests at a time). */
    static final int READERS = 4;

    private final SourceClient client;
    private final boolean opengist;

    GistSource(SourceClient client, boolean opengist) {
        this.client = client;
        this.opengist = opengist;
    }

    /**
     * The gists of {@code user}, or of the token's own user when empty (secret ones too).
     *
     * @param progress told how many gists were read so far, after {@code total}
     */
    List<SourceSnippet> gists(Optional<String> user, IntConsumer total, IntConsumer progress) {
        String list = user.map(name -> "/users/" + Api.encode(name) + "/gists").orElse("/gists");
        String notFound = user.map(name -> "No " + client.sourceName() + " user " + name + ".")
                .orElse(client.sourceName() + " has no list of gists at " + client.at(list) + ".");
        List<String> ids = new ArrayList<>();
        Optional<URI> page = Optional.of(client.at(list + "?per_page=100"));
        while (page.isPresent()) {
            SourceClient.Page answer = client.get(page.get(), notFound);
            if (!(answer.body() instanceof JsonArray gists)) {
                throw new Failure(
                        Failure.UNSUPPORTED,
                        client.sourceName() + " does not answer " + list + " with a list of gists, as its API does.");
            }
            for (JsonValue gist : gists) {
                ids.add(text(gist.asJsonObject(), "id").orElseThrow(() -> unexpected("a gist without an id")));
            }
            page = answer.next();
        }
        total.accept(ids.size());
        ExecutorService readers = Executors.newFixedThreadPool(READERS, runnable -> {
            Thread thread = new Thread(runnable, "gist reader");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<SourceSnippet>> read = new ArrayList<>();
            for (String id : ids) {
                read.add(readers.submit(() -> gist(id)));
            }
            List<SourceSnippet> gists = new ArrayList<>();
            for (Future<SourceSnippet> gist : read) {
                gists.add(gist.get());
                progress.accept(gists.size());
            }
            return gists;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : Failure.of(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(Failure.SERVER, "Interrupted while reading gists.");
        } finally {
            readers.shutdownNow();
        }
    }

    /** One gist, whole. */
    SourceSnippet gist(String id) {
        JsonValue answer = client.get(
                        client.at("/gists/" + Api.encode(id)),
                        "The gist " + id + " is gone from " + client.sourceName() + ".")
                .body();
        if (!(answer instanceof JsonObject gist) || !(gist.get("files") instanceof JsonObject files)) {
            throw unexpected("the gist " + id + " without its files");
        }
        List<SourceSnippet.SourceFile> read = new ArrayList<>();
        for (Map.Entry<String, JsonValue> entry : files.entrySet()) {
            if (!(entry.getValue() instanceof JsonObject file)) {
                continue;
            }
            String name = text(file, "filename").orElse(entry.getKey());
            String content = text(file, "content").orElse("");
            if (file.getBoolean("truncated", false) || !file.containsKey("content")) {
                content = text(file, "raw_url")
                        .map(raw -> client.text(URI.create(raw)))
                        .orElseThrow(() -> unexpected("a truncated file " + name + " without its raw_url"));
            }
            read.add(new SourceSnippet.SourceFile(name, text(file, "language"), content));
        }
        String description = text(gist, "description").orElse("");
        String title = opengist ? text(gist, "title").orElse(description) : description;
        List<String> tags = new ArrayList<>();
        if (gist.get("topics") instanceof JsonArray topics) {
            topics.getValuesAs(JsonValue.class).stream()
                    .filter(JsonString.class::isInstance)
                    .map(topic -> ((JsonString) topic).getString())
                    .forEach(tags::add);
        }
        String address =
                text(gist, "html_url").orElseGet(() -> client.at("/gists/" + id).toString());
        return new SourceSnippet(address, title, description, "", read, tags, exposure(gist));
    }

    private SourceSnippet.Exposure exposure(JsonObject gist) {
        String visibility = text(gist, "visibility").orElse("");
        if (visibility.equals("private")) {
            return SourceSnippet.Exposure.PRIVATE;
        }
        if (visibility.equals("unlisted")) {
            return SourceSnippet.Exposure.UNLISTED;
        }
        // GitHub's gists are public or secret, which is unlisted: anyone with the address reads it
        return gist.getBoolean("public", false) ? SourceSnippet.Exposure.PUBLIC : SourceSnippet.Exposure.UNLISTED;
    }

    private static Optional<String> text(JsonObject object, String field) {
        return object.get(field) instanceof JsonString value ? Optional.of(value.getString()) : Optional.empty();
    }

    private Failure unexpected(String what) {
        return new Failure(
                Failure.UNSUPPORTED,
                client.sourceName() + " answered " + what + ", which its API does not: is its version one"
                        + " docs/CLI.md names?");
    }
}
