package io.snippetstore.snippets.control;

import java.util.List;
import java.util.OptionalLong;

/**
 * Where a snippet stands for the caller: whether they starred it, how many users starred it (the
 * owner's to see), and the collections holding it that the caller may read.
 */
public record SnippetPlaces(boolean starred, OptionalLong stars, List<CollectionRef> collections) {

    /** A snippet its owner just created: no stars, in no collection. */
    public static SnippetPlaces ofNewSnippet() {
        return new SnippetPlaces(false, OptionalLong.of(0), List.of());
    }
}
