package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.snippets.control.SnippetFacets;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * The languages and tags of what a list query matches, each with its count, and the collections
 * the caller may read that hold some of it, each with how many, most first.
 */
@JsonbPropertyOrder({"languages", "tags", "collections"})
public record FacetsView(List<Facet> languages, List<Facet> tags, List<CollectionFacet> collections) {

    @JsonbPropertyOrder({"name", "count"})
    public record Facet(String name, long count) {}

    @JsonbPropertyOrder({"id", "name", "count"})
    public record CollectionFacet(String id, String name, long count) {}

    static FacetsView of(SnippetFacets facets) {
        return new FacetsView(
                facets.languages().stream()
                        .map(facet -> new Facet(facet.name(), facet.count()))
                        .toList(),
                facets.tags().stream()
                        .map(facet -> new Facet(facet.name(), facet.count()))
                        .toList(),
                facets.collections().stream()
                        .map(facet -> new CollectionFacet(facet.id(), facet.name(), facet.count()))
                        .toList());
    }
}
