package io.snippetstore.snippets.control;

import java.time.Instant;
import java.util.List;

import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetFields;

/** A snippet as the service hands it out, with its owner and the groups it is shared with (by name). */
public record SnippetData(String id, SnippetFields fields, Instant createdAt, Instant updatedAt, long version, int attachmentCount,
                          String ownerId, String ownerUsername, List<GroupShare> groups) {

    static SnippetData of(Snippet snippet, String ownerUsername, List<GroupShare> groups) {
        return new SnippetData(snippet.id(), snippet.fields(), snippet.createdAt(), snippet.updatedAt(),
                snippet.version(), snippet.attachmentCount(), snippet.ownerId(), ownerUsername, groups);
    }
}
