package io.snippetstore.snippets.control;

import java.util.List;

/**
 * The languages and tags of the snippets a list query matches, each with how many carry it, and
 * the collections holding them that the caller may read, each with how many it holds, most first.
 */
public record SnippetFacets(List<Facet> languages, List<Facet> tags, List<CollectionFacet> collections) {

    public record Facet(String name, long count) {}

    public record CollectionFacet(String id, String name, long count) {}
}
