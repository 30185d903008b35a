package io.snippetstore.cli;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * A ByteStash instance's snippets through its API with an API key ({@code x-api-key}): {@code GET
 * /api/snippets}, which ByteStash 1.5 answers with every snippet and its fragments at once and later
 * versions page ({@code {"data", "pagination": {"hasMore"}}}, with {@code limit} and {@code offset}).
 */
final class ByteStashSource {

    static final int PAGE = 100;

    private final SourceClient client;
    private final String instance;

    /** @param instance the instance's address, where its snippets' pages are */
    ByteStashSource(SourceClient client, String instance) {
        this.client = client;
        this.instance = instance.replaceAll("/+$", "");
    }

    List<SourceSnippet> snippets() {
        List<JsonObject> listed = new ArrayList<>();
        int offset = 0;
        while (true) {
            URI address = client.at("/api/snippets" + (offset == 0 ? "" : "?limit=" + PAGE + "&offset=" + offset));
            JsonValue answer = client.get(address, "No ByteStash at " + instance + " (its /api/snippets is not there).")
                    .body();
            if (answer instanceof JsonArray all) {
                // 1.5: every snippet at once
                listed.addAll(all.getValuesAs(JsonObject.class));
                break;
            }
            if (!(answer instanceof JsonObject page) || !(page.get("data") instanceof JsonArray data)) {
                throw unsupported();
            }
            listed.addAll(data.getValuesAs(JsonObject.class));
            boolean more =
                    page.get("pagination") instanceof JsonObject pagination && pagination.getBoolean("hasMore", false);
            if (!more || data.isEmpty()) {
                break;
            }
            if (offset == 0) {
                // the first page came without limit and offset, at the default size
                offset = data.size();
            } else {
                offset += data.size();
            }
        }
        List<SourceSnippet> snippets = new ArrayList<>();
        for (JsonObject snippet : listed) {
            snippets.add(snippet(snippet.containsKey("fragments") ? snippet : whole(snippet)));
        }
        return snippets;
    }

    private JsonObject whole(JsonObject listed) {
        String id = id(listed);
        JsonValue answer = client.get(
                        client.at("/api/snippets/" + Api.encode(id)), "The snippet " + id + " is gone from ByteStash.")
                .body();
        if (answer instanceof JsonObject snippet && snippet.get("data") instanceof JsonObject data) {
            return data;
        }
        if (answer instanceof JsonObject snippet) {
            return snippet;
        }
        throw unsupported();
    }

    private SourceSnippet snippet(JsonObject snippet) {
        List<SourceSnippet.SourceFile> files = new ArrayList<>();
        if (snippet.get("fragments") instanceof JsonArray fragments) {
            fragments.getValuesAs(JsonObject.class).stream()
                    .sorted(Comparator.comparingLong(fragment -> fragment.get("position") instanceof JsonNumber position
                            ? position.longValue()
                            : Long.MAX_VALUE))
                    .forEach(fragment -> files.add(new SourceSnippet.SourceFile(
                            text(fragment, "file_name").orElse("fragment"),
                            text(fragment, "language"),
                            text(fragment, "code").orElse(""))));
        }
        List<String> categories = new ArrayList<>();
        if (snippet.get("categories") instanceof JsonArray given) {
            given.getValuesAs(JsonValue.class).stream()
                    .filter(JsonString.class::isInstance)
                    .map(category -> ((JsonString) category).getString())
                    .forEach(categories::add);
        }
        boolean isPublic =
                switch (snippet.getOrDefault("is_public", JsonValue.FALSE).getValueType()) {
                    case TRUE -> true;
                    case NUMBER -> snippet.getJsonNumber("is_public").intValue() != 0;
                    default -> false;
                };
        return new SourceSnippet(
                instance + "/snippets/" + id(snippet),
                text(snippet, "title").orElse(""),
                text(snippet, "description").orElse(""),
                "",
                files,
                categories,
                isPublic ? SourceSnippet.Exposure.PUBLIC : SourceSnippet.Exposure.PRIVATE);
    }

    private String id(JsonObject snippet) {
        JsonValue id = snippet.get("id");
        if (id instanceof JsonNumber number) {
            return number.toString();
        }
        if (id instanceof JsonString text) {
            return text.getString();
        }
        throw unsupported();
    }

    private static Optional<String> text(JsonObject object, String field) {
        return object.get(field) instanceof JsonString value ? Optional.of(value.getString()) : Optional.empty();
    }

    private static Failure unsupported() {
        return new Failure(
                Failure.UNSUPPORTED,
                "ByteStash answered /api/snippets as no version this client reads does (1.5 or later):"
                        + " is the address that of the instance (--url)?");
    }
}
