package io.snippetstore.snippets.boundary;

import java.time.Duration;
import java.util.List;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.SnippetData;
import io.snippetstore.snippets.control.TrashedSnippet;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A snippet in the trash: its summary (no code, no notes), when it was deleted, and when it will be purged. */
@JsonbNillable
@JsonbPropertyOrder({
    "id",
    "title",
    "description",
    "language",
    "tags",
    "createdAt",
    "updatedAt",
    "version",
    "attachmentCount",
    "visibility",
    "deletedAt",
    "purgeAt"
})
public record TrashedSnippetView(
        String id,
        String title,
        String description,
        String language,
        List<String> tags,
        String createdAt,
        String updatedAt,
        long version,
        int attachmentCount,
        String visibility,
        String deletedAt,
        String purgeAt) {

    static TrashedSnippetView of(TrashedSnippet trashed, Duration kept) {
        SnippetData snippet = trashed.snippet();
        var fields = snippet.fields();
        return new TrashedSnippetView(
                snippet.id(),
                fields.title(),
                fields.description(),
                fields.language(),
                fields.tags(),
                Timestamps.format(snippet.createdAt()),
                Timestamps.format(snippet.updatedAt()),
                snippet.version(),
                snippet.attachmentCount(),
                fields.visibility().apiName(),
                Timestamps.format(trashed.trashedAt()),
                Timestamps.format(trashed.trashedAt().plus(kept)));
    }
}
