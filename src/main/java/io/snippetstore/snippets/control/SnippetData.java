package io.snippetstore.snippets.control;

import java.time.Instant;

import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetFields;

/** A snippet as the service hands it out, with its owner. */
public record SnippetData(String id, SnippetFields fields, Instant createdAt, Instant updatedAt, long version, int attachmentCount,
                          String ownerId, String ownerUsername) {

    static SnippetData of(Snippet snippet, String ownerUsername) {
        return new SnippetData(snippet.id(), snippet.fields(), snippet.createdAt(), snippet.updatedAt(),
                snippet.version(), snippet.attachmentCount(), snippet.ownerId(), ownerUsername);
    }
}
