package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.RevisionData;
import io.snippetstore.snippets.entity.SnippetFields;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** One version of a snippet with its fields as they were then: a {@link RevisionView} and the six fields, with the visibility. */
@JsonbNillable
@JsonbPropertyOrder({
    "version",
    "createdAt",
    "author",
    "changedFields",
    "title",
    "description",
    "notes",
    "language",
    "code",
    "tags",
    "visibility"
})
public record RevisionFieldsView(
        long version,
        String createdAt,
        SnippetView.Owner author,
        List<String> changedFields,
        String title,
        String description,
        String notes,
        String language,
        String code,
        List<String> tags,
        String visibility) {

    static RevisionFieldsView of(RevisionData revision) {
        SnippetFields fields = revision.fields().orElseThrow();
        return new RevisionFieldsView(
                revision.version(),
                Timestamps.format(revision.createdAt()),
                new SnippetView.Owner(revision.authorId(), revision.authorUsername()),
                revision.changed().orElse(null),
                fields.title(),
                fields.description(),
                fields.notes(),
                fields.language(),
                fields.code(),
                fields.tags(),
                fields.visibility().apiName());
    }
}
