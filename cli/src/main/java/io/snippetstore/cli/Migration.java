package io.snippetstore.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Brings another tool's snippets in (docs/CLI.md, "Moving in"): each planned by {@link
 * MigrationPlan}, matched with those a previous run brought (by the source's address at the end of
 * their notes), the new ones sent as the service's archive to {@code POST /api/v1/import} (all or
 * nothing, so the service makes no outbound call), and with {@code --update} the changed ones
 * brought up to date as a new revision each.
 */
final class Migration {

    /** At most this many snippets or bytes of text an archive: within the import's limits, 10,000 and 64 MiB. */
    static final int ARCHIVE_MAX_SNIPPETS = 5_000;

    static final long ARCHIVE_MAX_TEXT_BYTES = 32L * 1024 * 1024;

    /** How often a {@code 429} (another import running) is waited out. */
    private static final int BUSY_RETRIES = 12;

    record Options(boolean dryRun, boolean update, MigrationPlan.Choices choices) {}

    private final ClientOptions client;
    private final Output output;
    private final Options options;
    private final Api api;

    /** Made before the source is read, so that a run not signed in fails before it reads anything. */
    Migration(ClientOptions client, Options options) {
        this.client = client;
        this.output = new Output(client.terminal());
        this.options = options;
        this.api = client.signedIn();
    }

    /**
     * Plans, matches and writes the snippets of one source.
     *
     * @param addressPrefix what every address of this source starts with: the service's search for
     *     it finds the snippets a previous run brought in
     */
    int run(String sourceName, String addressPrefix, List<SourceSnippet> sources) {
        Map<String, MigrationPlan.Planned> planned = new LinkedHashMap<>();
        for (SourceSnippet source : sources) {
            planned.putIfAbsent(source.address(), MigrationPlan.plan(source, options.choices()));
        }
        Map<String, JsonObject> existing = existing(api, addressPrefix);
        List<MigrationPlan.Planned> toCreate = new ArrayList<>();
        Map<JsonObject, JsonObject> toUpdate = new LinkedHashMap<>();
        List<JsonObject> unchanged = new ArrayList<>();
        for (MigrationPlan.Planned snippet : planned.values()) {
            JsonObject current = existing.get(snippet.address());
            if (current == null) {
                toCreate.add(snippet);
                continue;
            }
            JsonObject changes = changes(snippet, current);
            if (options.update() && !changes.isEmpty()) {
                toUpdate.put(current, changes);
            } else {
                unchanged.add(current);
            }
        }
        if (options.dryRun()) {
            return dryRun(sourceName, toCreate, toUpdate, unchanged);
        }
        List<JsonObject> created = create(api, toCreate);
        List<JsonObject> updated = new ArrayList<>();
        toUpdate.forEach((current, changes) -> updated.add(update(api, current, changes)));
        if (client.json()) {
            output.json(Json.createObjectBuilder()
                    .add("source", sourceName)
                    .add("created", Json.createArrayBuilder(created))
                    .add("updated", summaries(updated))
                    .add("unchanged", summaries(unchanged))
                    .build());
        } else {
            output.line("From " + sourceName + ": " + created.size() + " created"
                    + " ("
                    + created.stream()
                            .mapToInt(item -> item.getInt("attachments", 0))
                            .sum()
                    + " attachments), " + updated.size() + " updated, " + unchanged.size()
                    + (options.update()
                            ? " already here and unchanged."
                            : " already here (--update brings changes in)."));
        }
        return 0;
    }

    /** The caller's snippets that a previous run brought from this source, by the source's address. */
    private static Map<String, JsonObject> existing(Api api, String addressPrefix) {
        Map<String, JsonObject> found = new LinkedHashMap<>();
        String base = "/api/v1/snippets?scope=own&fields=all&limit=200&sort=created&query=" + Api.encode(addressPrefix);
        Optional<String> cursor = Optional.empty();
        do {
            JsonObject page = api.envelope(
                    base + cursor.map(value -> "&cursor=" + Api.encode(value)).orElse(""));
            for (JsonObject snippet : page.getJsonArray("data").getValuesAs(JsonObject.class)) {
                MigrationPlan.sourceOf(snippet.getString("notes", null))
                        .ifPresent(address -> found.putIfAbsent(address, snippet));
            }
            cursor = Optional.ofNullable(page.getJsonObject("meta"))
                    .map(meta -> meta.get("nextCursor"))
                    .filter(JsonString.class::isInstance)
                    .map(value -> ((JsonString) value).getString());
        } while (cursor.isPresent());
        return found;
    }

    /** The fields in which the planned snippet differs from the one here (its visibility is the owner's to keep). */
    static JsonObject changes(MigrationPlan.Planned snippet, JsonObject current) {
        JsonObjectBuilder changes = Json.createObjectBuilder();
        Map<String, String> texts = Map.of(
                "title", snippet.title(),
                "description", snippet.description(),
                "notes", snippet.notes(),
                "language", snippet.language(),
                "code", snippet.code());
        texts.forEach((field, value) -> {
            String now = current.get(field) instanceof JsonString text ? text.getString() : "";
            if (!now.equals(value)) {
                changes.add(field, value);
            }
        });
        List<String> tags = current.getJsonArray("tags") == null
                ? List.of()
                : current.getJsonArray("tags").getValuesAs(JsonString.class).stream()
                        .map(JsonString::getString)
                        .toList();
        if (!Objects.equals(tags, snippet.tags())) {
            changes.add("tags", Json.createArrayBuilder(snippet.tags()));
        }
        return changes.build();
    }

    private int dryRun(
            String sourceName,
            List<MigrationPlan.Planned> toCreate,
            Map<JsonObject, JsonObject> toUpdate,
            List<JsonObject> unchanged) {
        if (client.json()) {
            JsonArrayBuilder creates = Json.createArrayBuilder();
            toCreate.forEach(snippet -> creates.add(Json.createObjectBuilder()
                    .add("address", snippet.address())
                    .add("title", snippet.title())
                    .add("language", snippet.language())
                    .add("tags", Json.createArrayBuilder(snippet.tags()))
                    .add("visibility", snippet.visibility())
                    .add(
                            "attachments",
                            Json.createArrayBuilder(snippet.attachments().stream()
                                    .map(SourceSnippet.SourceFile::name)
                                    .toList()))));
            JsonArrayBuilder updates = Json.createArrayBuilder();
            toUpdate.forEach((current, changes) -> updates.add(Json.createObjectBuilder()
                    .add("id", current.getString("id"))
                    .add("title", current.getString("title"))
                    .add("fields", Json.createArrayBuilder(List.copyOf(changes.keySet())))));
            output.json(Json.createObjectBuilder()
                    .add("source", sourceName)
                    .add("dryRun", true)
                    .add("create", creates)
                    .add("update", updates)
                    .add("unchanged", summaries(unchanged))
                    .build());
            return 0;
        }
        for (MigrationPlan.Planned snippet : toCreate) {
            output.line("create  " + snippet.title() + "  (" + snippet.language() + ", " + snippet.visibility()
                    + (snippet.attachments().isEmpty()
                            ? ""
                            : ", " + snippet.attachments().size() + " attached")
                    + ")  " + snippet.address());
        }
        toUpdate.forEach((current, changes) -> output.line("update  " + current.getString("title") + "  ("
                + String.join(", ", changes.keySet()) + ")  " + current.getString("id")));
        output.line("Would create " + toCreate.size() + " and update " + toUpdate.size() + " from " + sourceName + "; "
                + unchanged.size() + " already here. Nothing was written (--dry-run).");
        return 0;
    }

    /** The new snippets, sent as archives of at most {@link #ARCHIVE_MAX_SNIPPETS}: {sourceId, id, title, attachments} each. */
    private List<JsonObject> create(Api api, List<MigrationPlan.Planned> snippets) {
        List<JsonObject> created = new ArrayList<>();
        List<MigrationPlan.Planned> batch = new ArrayList<>();
        long batchBytes = 0;
        for (MigrationPlan.Planned snippet : snippets) {
            long bytes = textBytes(snippet);
            if (!batch.isEmpty()
                    && (batch.size() == ARCHIVE_MAX_SNIPPETS || batchBytes + bytes > ARCHIVE_MAX_TEXT_BYTES)) {
                created.addAll(send(api, batch));
                batch = new ArrayList<>();
                batchBytes = 0;
            }
            batch.add(snippet);
            batchBytes += bytes;
        }
        if (!batch.isEmpty()) {
            created.addAll(send(api, batch));
        }
        return created;
    }

    private static long textBytes(MigrationPlan.Planned snippet) {
        return (snippet.title() + snippet.description() + snippet.notes() + snippet.code())
                        .getBytes(StandardCharsets.UTF_8)
                        .length
                + 512L;
    }

    private List<JsonObject> send(Api api, List<MigrationPlan.Planned> batch) {
        Path archive = null;
        try {
            archive = Files.createTempFile("snippets-import", ".zip");
            try (OutputStream out = Files.newOutputStream(archive)) {
                ImportArchive.write(batch, out);
            }
            Path written = archive;
            long size = Files.size(written);
            for (int attempt = 0; ; attempt++) {
                AttachmentCommands.Progress progress = new AttachmentCommands.Progress(
                        client.terminal(),
                        "Importing " + batch.size() + " snippets",
                        size,
                        client.terminal().interactive() && !client.json());
                Api.Answer answer = api.send(
                        "POST",
                        "/api/v1/import",
                        "application/zip",
                        new Api.Body(size, () -> {
                            try {
                                return progress.counting(Files.newInputStream(written));
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        }),
                        Map.of());
                progress.done();
                if (answer.status() == 429 && attempt < BUSY_RETRIES) {
                    long seconds = answer.header("Retry-After")
                            .map(String::strip)
                            .filter(value -> value.matches("\\d{1,4}"))
                            .map(Long::parseLong)
                            .orElse(5L);
                    answer.body().close();
                    output.note("Another import is running on the service; sending again in " + seconds + " s.");
                    Thread.sleep(seconds * 1000);
                    continue;
                }
                return api.data(answer).asJsonObject().getJsonArray("snippets").getValuesAs(JsonObject.class);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(Failure.SERVER, "Interrupted while waiting to send the import again.");
        } finally {
            if (archive != null) {
                try {
                    Files.deleteIfExists(archive);
                } catch (IOException e) {
                    output.note("Could not delete the temporary archive " + archive + ".");
                }
            }
        }
    }

    /** One changed snippet brought up to date (a new revision), unless someone changed it here meanwhile. */
    private static JsonObject update(Api api, JsonObject current, JsonObject changes) {
        JsonValue updated = api.call(
                "PATCH",
                "/api/v1/snippets/" + current.getString("id"),
                changes,
                Map.of("If-Match", "\"" + current.getJsonNumber("version").longValue() + "\""));
        return updated.asJsonObject();
    }

    private static JsonArrayBuilder summaries(List<JsonObject> snippets) {
        JsonArrayBuilder summaries = Json.createArrayBuilder();
        snippets.forEach(snippet -> summaries.add(Json.createObjectBuilder()
                .add("id", snippet.getString("id"))
                .add("title", snippet.getString("title"))));
        return summaries;
    }
}
