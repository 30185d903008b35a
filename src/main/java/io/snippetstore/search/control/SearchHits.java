package io.snippetstore.search.control;

import java.util.List;

/**
 * The snippet ids of a page of results in order, at most {@code limit + 1}: the one past the page
 * says that there is more. Each carries its position, after which the next page starts.
 */
public record SearchHits(List<Hit> hits) {

    /** A result: its snippet id and where it stands in the order. */
    public record Hit(String id, SearchPosition position) {}
}
