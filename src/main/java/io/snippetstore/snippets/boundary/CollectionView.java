package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.snippets.control.CollectionData;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * A collection on the wire. {@code path} is where it is, from the top to itself (for a reader,
 * up to the first collection above it they may not read); {@code parentId} is {@code null} at
 * the top (and where a reader may not read the parent). {@code groups} is the owner's to see,
 * {@code null} for anyone else. {@code access}: {@code owner}, {@code write} (adds and removes
 * snippets of one's own) or {@code read}.
 */
@JsonbNillable
@JsonbPropertyOrder({
    "id",
    "name",
    "description",
    "parentId",
    "path",
    "visibility",
    "groups",
    "owner",
    "access",
    "snippetCount",
    "createdAt",
    "updatedAt"
})
public record CollectionView(
        String id,
        String name,
        String description,
        String parentId,
        List<SnippetView.CollectionRefView> path,
        String visibility,
        List<SnippetView.GroupShareView> groups,
        SnippetView.Owner owner,
        String access,
        long snippetCount,
        String createdAt,
        String updatedAt) {

    static CollectionView of(CollectionData collection) {
        return new CollectionView(
                collection.id(),
                collection.name(),
                collection.description().orElse(null),
                collection.parentId().orElse(null),
                collection.path().stream()
                        .map(ref -> new SnippetView.CollectionRefView(ref.id(), ref.name()))
                        .toList(),
                collection.visibility().apiName(),
                "owner".equals(collection.access())
                        ? collection.groups().stream()
                                .map(group -> new SnippetView.GroupShareView(group.id(), group.name(), group.access()))
                                .toList()
                        : null,
                new SnippetView.Owner(collection.ownerId(), collection.ownerUsername()),
                collection.access(),
                collection.snippetCount(),
                Timestamps.format(collection.createdAt()),
                Timestamps.format(collection.updatedAt()));
    }
}
