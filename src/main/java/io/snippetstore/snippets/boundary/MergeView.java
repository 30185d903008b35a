package io.snippetstore.snippets.boundary;

import io.snippetstore.platform.JsonProviders;
import io.snippetstore.snippets.control.FieldMerge;
import io.snippetstore.snippets.control.SnippetMerge;
import io.snippetstore.snippets.control.ThreeWayMerge;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;

/**
 * A merge on the wire (docs/API.md, "Merging an edit"): {@code base}, {@code version},
 * {@code clean}, and {@code fields} by name, each {@code {"merged": value}} or, in conflict,
 * {@code {"chunks": [...]}} (code, notes) or {@code {"conflict": {"base", "mine", "theirs"}}}.
 */
final class MergeView {

    private static final JsonProvider JSON = JsonProviders.SHARED;

    private MergeView() {}

    static JsonObject of(SnippetMerge merge) {
        JsonObjectBuilder fields = JSON.createObjectBuilder();
        merge.fields().forEach(field -> fields.add(field.field(), field(field)));
        return JSON.createObjectBuilder()
                .add("base", merge.base())
                .add("version", merge.version())
                .add("clean", merge.clean())
                .add("fields", fields)
                .build();
    }

    private static JsonObjectBuilder field(FieldMerge field) {
        if (field.clean()) {
            return JSON.createObjectBuilder().add("merged", FieldValues.json(field.merged()));
        }
        if (field.chunks() != null) {
            JsonArrayBuilder chunks = JSON.createArrayBuilder();
            for (ThreeWayMerge.Chunk chunk : field.chunks()) {
                chunks.add(
                        chunk.isConflict()
                                ? JSON.createObjectBuilder()
                                        .add(
                                                "conflict",
                                                JSON.createObjectBuilder()
                                                        .add("base", chunk.base())
                                                        .add("mine", chunk.mine())
                                                        .add("theirs", chunk.theirs()))
                                : JSON.createObjectBuilder().add("text", chunk.text()));
            }
            return JSON.createObjectBuilder().add("chunks", chunks);
        }
        return JSON.createObjectBuilder()
                .add(
                        "conflict",
                        JSON.createObjectBuilder()
                                .add("base", FieldValues.json(field.base()))
                                .add("mine", FieldValues.json(field.mine()))
                                .add("theirs", FieldValues.json(field.theirs())));
    }
}
