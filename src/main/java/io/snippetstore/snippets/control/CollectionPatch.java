package io.snippetstore.snippets.control;

import java.util.List;

import io.snippetstore.platform.Patch;

/**
 * The body of a collection's PATCH (JSON merge patch): absent fields stay, present ones replace,
 * {@code null} clears (a cleared parent is the top, a cleared visibility {@code private},
 * cleared groups share with none).
 */
public record CollectionPatch(
        Patch<String> name,
        Patch<String> description,
        Patch<String> parentId,
        Patch<String> visibility,
        Patch<List<GroupShareInput>> groups) {

    CollectionInput applyTo(CollectionData current) {
        return new CollectionInput(
                name.isPresent() ? name.value().orElse(null) : current.name(),
                description.isPresent()
                        ? description.value().orElse(null)
                        : current.description().orElse(null),
                parentId.isPresent()
                        ? parentId.value().orElse(null)
                        : current.parentId().orElse(null),
                visibility.isPresent()
                        ? visibility.value().orElse(null)
                        : current.visibility().apiName(),
                groups.isPresent() ? groups.value().orElse(List.of()) : null);
    }
}
