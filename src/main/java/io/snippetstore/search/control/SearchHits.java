package io.snippetstore.search.control;

import java.util.List;
import java.util.Optional;

/**
 * The snippet ids of a page of results in order, at most {@code limit + 1}: the one past the page
 * says that there is more. {@link #positionAfter} gives the position after any of them.
 */
public record SearchHits(List<Hit> hits) {

    /** A result: its snippet id and where it stands in the order. */
    public record Hit(String id, SearchPosition position) {
    }

    public Optional<SearchPosition> positionAfter(String id) {
        return hits.stream().filter(hit -> hit.id().equals(id)).findFirst().map(Hit::position);
    }
}
