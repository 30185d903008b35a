package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.snippets.control.SnippetFacets;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The languages and tags of what a list query matches, each with its count, most first. */
@JsonbPropertyOrder({"languages", "tags"})
public record FacetsView(List<Facet> languages, List<Facet> tags) {

    @JsonbPropertyOrder({"name", "count"})
    public record Facet(String name, long count) {}

    static FacetsView of(SnippetFacets facets) {
        return new FacetsView(
                facets.languages().stream()
                        .map(facet -> new Facet(facet.name(), facet.count()))
                        .toList(),
                facets.tags().stream()
                        .map(facet -> new Facet(facet.name(), facet.count()))
                        .toList());
    }
}
