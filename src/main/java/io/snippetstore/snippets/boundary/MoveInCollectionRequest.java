package io.snippetstore.snippets.boundary;

import io.snippetstore.snippets.entity.SnippetCollection;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** The body of {@code PUT /collections/{id}/snippets/{snippetId}}: its new index in the collection's order (past the end: last). */
public record MoveInCollectionRequest(
        @NotNull @Min(0) @Max(SnippetCollection.SNIPPETS_MAX)
        Integer position) {}
