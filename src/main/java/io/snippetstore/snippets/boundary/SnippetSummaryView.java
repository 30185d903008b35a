package io.snippetstore.snippets.boundary;

import java.util.List;
import java.util.Set;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.control.MatchExcerpt;
import io.snippetstore.snippets.control.SnippetData;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A list item of {@code fields=summary}: a {@link SnippetView} without {@code notes}, {@code code} and its {@code variables}. */
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
    "groups",
    "owner",
    "access",
    "pinned",
    "starred",
    "match"
})
public record SnippetSummaryView(
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
        List<SnippetView.GroupShareView> groups,
        SnippetView.Owner owner,
        String access,
        boolean pinned,
        boolean starred,
        MatchView match) {

    static SnippetSummaryView of(
            SnippetData snippet, MatchExcerpt match, Caller caller, Set<String> memberOf, Set<String> starred) {
        var fields = snippet.fields();
        return new SnippetSummaryView(
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
                SnippetView.groupsFor(snippet, caller),
                new SnippetView.Owner(snippet.ownerId(), snippet.ownerUsername()),
                snippet.accessOf(caller.userId(), memberOf),
                snippet.pinned(),
                starred.contains(snippet.id()),
                MatchView.of(match));
    }
}
