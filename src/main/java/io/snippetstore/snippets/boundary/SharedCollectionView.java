package io.snippetstore.snippets.boundary;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.CollectionLinks.SharedCollection;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A collection as its share link shows it: its name, description and size, nothing of its owner. */
@JsonbNillable
@JsonbPropertyOrder({"name", "description", "snippetCount", "updatedAt", "linkExpiresAt"})
public record SharedCollectionView(
        String name, String description, long snippetCount, String updatedAt, String linkExpiresAt) {

    static SharedCollectionView of(SharedCollection collection, long snippetCount) {
        return new SharedCollectionView(
                collection.name(),
                collection.description().orElse(null),
                snippetCount,
                Timestamps.format(collection.updatedAt()),
                collection.linkExpiresAt().map(Timestamps::format).orElse(null));
    }
}
