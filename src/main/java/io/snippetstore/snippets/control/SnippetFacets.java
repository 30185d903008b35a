package io.snippetstore.snippets.control;

import java.util.List;

/** The languages and tags of the snippets a list query matches, each with how many carry it, most first. */
public record SnippetFacets(List<Facet> languages, List<Facet> tags) {

    public record Facet(String name, long count) {}
}
