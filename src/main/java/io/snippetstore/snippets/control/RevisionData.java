package io.snippetstore.snippets.control;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.snippetstore.snippets.entity.SnippetFields;

/**
 * One version of a snippet: who made it and when, the fields it changed (empty when not known:
 * a version from before revisions were kept), and, when read whole, its fields.
 */
public record RevisionData(
        long version,
        Instant createdAt,
        String authorId,
        String authorUsername,
        Optional<List<String>> changed,
        Optional<SnippetFields> fields) {}
