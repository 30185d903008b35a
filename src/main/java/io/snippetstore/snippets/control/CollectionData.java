package io.snippetstore.snippets.control;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.snippetstore.snippets.entity.Visibility;

/**
 * A collection as the service hands it out: where it is ({@code path}, its ancestors from the
 * top, then itself), its owner, what the caller may do with it ({@code owner}, {@code write}:
 * add and remove snippets of their own, or {@code read}), how many snippets it holds, and the
 * groups it is shared with (the owner's to see: empty for anyone else).
 */
public record CollectionData(
        String id,
        String name,
        Optional<String> description,
        Optional<String> parentId,
        List<CollectionRef> path,
        Visibility visibility,
        String ownerId,
        String ownerUsername,
        String access,
        long snippetCount,
        List<GroupShare> groups,
        Instant createdAt,
        Instant updatedAt) {}
