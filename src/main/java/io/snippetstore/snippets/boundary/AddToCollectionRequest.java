package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.snippets.control.Collections;
import io.snippetstore.snippets.entity.SnippetCollection;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** The body of {@code POST /collections/{id}/snippets}: the snippets to add, at {@code position} (the end when absent). */
public record AddToCollectionRequest(
        @NotNull @Size(min = 1, max = Collections.ADD_MAX, message = "must name 1 to {max} snippets")
        List<@NotNull String> snippetIds,

        @Min(0) @Max(SnippetCollection.SNIPPETS_MAX) Integer position) {}
