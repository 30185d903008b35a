package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.RevisionData;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * One version in a snippet's history: its number, when and by whom it was made, and which fields
 * it changed ({@code null} when not known: a version from before revisions were kept).
 */
@JsonbNillable
@JsonbPropertyOrder({"version", "createdAt", "author", "changedFields"})
public record RevisionView(long version, String createdAt, SnippetView.Owner author, List<String> changedFields) {

    static RevisionView of(RevisionData revision) {
        return new RevisionView(
                revision.version(),
                Timestamps.format(revision.createdAt()),
                new SnippetView.Owner(revision.authorId(), revision.authorUsername()),
                revision.changed().orElse(null));
    }
}
