package io.snippetstore.snippets.boundary;

import java.util.List;
import java.util.Set;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.snippets.control.MatchExcerpt;
import io.snippetstore.snippets.control.SnippetData;
import io.snippetstore.snippets.control.SnippetPlaces;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * A snippet on the wire, with its visibility and owner. {@code description} and {@code notes}
 * are written as {@code null} when empty; {@code match} (why a search result matched) is
 * {@code null} outside a search list; {@code groups} (whom it is shared with) is the owner's to
 * see, {@code null} for anyone else. {@code variables} are those of the code's placeholders.
 * {@code access} is what the caller may do with it: {@code owner}, {@code write} (its six fields,
 * shared with a group of theirs for writing) or {@code read}. {@code pinned}: its owner pinned it
 * (pinned snippets come first in the owner's lists); {@code starred}: the caller starred it;
 * {@code stars} (how many users did) and {@code collections} (those holding it that the caller
 * may read) are in the snippet's own answers, {@code null} in lists; {@code stars} is the owner's.
 */
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
    "attachmentCount",
    "visibility",
    "groups",
    "owner",
    "access",
    "pinned",
    "starred",
    "stars",
    "collections",
    "match"
})
public record SnippetView(
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
        int attachmentCount,
        String visibility,
        List<GroupShareView> groups,
        Owner owner,
        String access,
        boolean pinned,
        boolean starred,
        Long stars,
        List<CollectionRefView> collections,
        MatchView match) {

    /** A collection holding the snippet that the caller may read. */
    @JsonbPropertyOrder({"id", "name"})
    public record CollectionRefView(String id, String name) {}

    @JsonbPropertyOrder({"id", "username"})
    public record Owner(String id, String username) {}

    /** A group the snippet is shared with: {@code access} is {@code read} or {@code write}. */
    @JsonbPropertyOrder({"id", "name", "access"})
    public record GroupShareView(String id, String name, String access) {}

    /**
     * As the snippet's own answers give it: with its stars and the collections the caller reads it in.
     *
     * @param memberOf the caller's groups, when the snippet is someone else's (what they may do with it)
     */
    static SnippetView of(SnippetData snippet, Caller caller, Set<String> memberOf, SnippetPlaces places) {
        return of(snippet, null, caller, memberOf, places.starred(), places);
    }

    /** A list item, with why it matched as a search result ({@code null} when only its title, language or tags did). */
    static SnippetView of(
            SnippetData snippet, MatchExcerpt match, Caller caller, Set<String> memberOf, Set<String> starred) {
        return of(snippet, match, caller, memberOf, starred.contains(snippet.id()), null);
    }

    private static SnippetView of(
            SnippetData snippet,
            MatchExcerpt match,
            Caller caller,
            Set<String> memberOf,
            boolean starred,
            SnippetPlaces places) {
        var fields = snippet.fields();
        return new SnippetView(
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
                snippet.attachmentCount(),
                fields.visibility().apiName(),
                groupsFor(snippet, caller),
                new Owner(snippet.ownerId(), snippet.ownerUsername()),
                snippet.accessOf(caller.userId(), memberOf),
                snippet.pinned(),
                starred,
                places == null || places.stars().isEmpty()
                        ? null
                        : places.stars().getAsLong(),
                places == null
                        ? null
                        : places.collections().stream()
                                .map(ref -> new CollectionRefView(ref.id(), ref.name()))
                                .toList(),
                MatchView.of(match));
    }

    /** Whom the snippet is shared with, for its owner; {@code null} for anyone else. */
    static List<GroupShareView> groupsFor(SnippetData snippet, Caller caller) {
        return snippet.ownerId().equals(caller.userId())
                ? snippet.groups().stream()
                        .map(group -> new GroupShareView(group.id(), group.name(), group.access()))
                        .toList()
                : null;
    }
}
