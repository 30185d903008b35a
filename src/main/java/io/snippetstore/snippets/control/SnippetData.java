package io.snippetstore.snippets.control;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetFields;

/** A snippet as the service hands it out, with its owner and the groups it is shared with (by name). */
public record SnippetData(
        String id,
        SnippetFields fields,
        Instant createdAt,
        Instant updatedAt,
        long version,
        int attachmentCount,
        String ownerId,
        String ownerUsername,
        List<GroupShare> groups,
        boolean pinned) {

    /**
     * What the caller may do with it, as the API names it ({@code owner}, {@code write},
     * {@code read}), given the groups the caller is a member of ({@link Snippets#groupsOf}).
     */
    public String accessOf(String callerId, Set<String> memberOf) {
        List<String> groupAccess = groups.stream()
                .filter(share -> memberOf.contains(share.id()))
                .map(GroupShare::access)
                .toList();
        SnippetAccess access = SnippetAccess.of(ownerId, fields.visibility(), groupAccess, callerId);
        // a snippet is handed out only to a caller who may read it: what neither ownership,
        // visibility nor groups give them, a collection they may read does
        return (access == SnippetAccess.NONE ? SnippetAccess.READ : access).apiName();
    }

    static SnippetData of(Snippet snippet, String ownerUsername, List<GroupShare> groups) {
        return new SnippetData(
                snippet.id(),
                snippet.fields(),
                snippet.createdAt(),
                snippet.updatedAt(),
                snippet.version(),
                snippet.attachmentCount(),
                snippet.ownerId(),
                ownerUsername,
                groups,
                snippet.isPinned());
    }
}
