package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.platform.JsonProviders;
import io.snippetstore.snippets.control.FieldDiff;
import io.snippetstore.snippets.control.TextDiff;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;

/**
 * The differences between two versions (docs/API.md, "Revisions"): {@code from}, {@code to} and
 * {@code fields}, one entry per changed field in the API's field order. Built as JSON-P: a text
 * field's entry has {@code hunks} where another's has {@code from} and {@code to}, as has a text
 * with more changed lines than a diff shows ({@code "replaced": true}).
 */
final class RevisionDiffView {

    private static final JsonProvider JSON = JsonProviders.SHARED;

    private RevisionDiffView() {}

    static JsonObject of(long from, long to, List<FieldDiff> diffs) {
        JsonArrayBuilder fields = JSON.createArrayBuilder();
        diffs.forEach(diff -> fields.add(field(diff)));
        return JSON.createObjectBuilder()
                .add("from", from)
                .add("to", to)
                .add("fields", fields)
                .build();
    }

    private static JsonObjectBuilder field(FieldDiff diff) {
        JsonObjectBuilder field = JSON.createObjectBuilder().add("field", diff.field());
        if (diff.isText()) {
            JsonArrayBuilder hunks = JSON.createArrayBuilder();
            diff.hunks().forEach(hunk -> hunks.add(hunk(hunk)));
            return field.add("hunks", hunks);
        }
        if (diff.replaced()) {
            field.add("replaced", true);
        }
        return field.add("from", FieldValues.json(diff.from())).add("to", FieldValues.json(diff.to()));
    }

    private static JsonObjectBuilder hunk(TextDiff.Hunk hunk) {
        JsonArrayBuilder lines = JSON.createArrayBuilder();
        for (TextDiff.Line line : hunk.lines()) {
            JsonObjectBuilder entry =
                    JSON.createObjectBuilder().add("type", line.type()).add("text", line.text());
            if (!line.newline()) {
                entry.add("noNewline", true);
            }
            lines.add(entry);
        }
        return JSON.createObjectBuilder()
                .add("fromLine", hunk.fromLine())
                .add("fromCount", hunk.fromCount())
                .add("toLine", hunk.toLine())
                .add("toCount", hunk.toCount())
                .add("lines", lines);
    }
}
