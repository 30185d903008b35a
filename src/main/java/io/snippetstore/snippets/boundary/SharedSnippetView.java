package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.SnippetData;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A snippet as a share link shows it: its own fields, nothing of its owner. */
@JsonbNillable
@JsonbPropertyOrder({
    "id",
    "title",
    "description",
    "notes",
    "language",
    "code",
    "variables",
    "tags",
    "createdAt",
    "updatedAt",
    "version",
    "attachmentCount"
})
public record SharedSnippetView(
        String id,
        String title,
        String description,
        String notes,
        String language,
        String code,
        List<VariableView> variables,
        List<String> tags,
        String createdAt,
        String updatedAt,
        long version,
        int attachmentCount) {

    static SharedSnippetView of(SnippetData snippet) {
        var fields = snippet.fields();
        return new SharedSnippetView(
                snippet.id(),
                fields.title(),
                fields.description(),
                fields.notes(),
                fields.language(),
                fields.code(),
                VariableView.of(fields.code()),
                fields.tags(),
                Timestamps.format(snippet.createdAt()),
                Timestamps.format(snippet.updatedAt()),
                snippet.version(),
                snippet.attachmentCount());
    }
}
