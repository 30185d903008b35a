package io.snippetstore.snippets.control;

import java.util.List;

import io.snippetstore.platform.Patch;
import io.snippetstore.snippets.entity.SnippetFields;

/**
 * The body of PATCH (JSON merge patch): absent fields stay, present ones replace, {@code null}
 * clears (a cleared visibility is the default, {@code private}; cleared groups share with none).
 */
public record SnippetPatch(
        Patch<String> title,
        Patch<String> description,
        Patch<String> notes,
        Patch<String> language,
        Patch<String> code,
        Patch<List<String>> tags,
        Patch<String> visibility,
        Patch<List<GroupShareInput>> groups) {

    /** The current fields with this patch applied, not yet validated. */
    SnippetInput applyTo(SnippetFields current) {
        return new SnippetInput(
                title.isPresent() ? title.value().orElse(null) : current.title(),
                description.isPresent() ? description.value().orElse(null) : current.description(),
                notes.isPresent() ? notes.value().orElse(null) : current.notes(),
                language.isPresent() ? language.value().orElse(null) : current.language(),
                code.isPresent() ? code.value().orElse(null) : current.code(),
                tags.isPresent() ? tags.value().orElse(null) : current.tags(),
                visibility.isPresent()
                        ? visibility.value().orElse(null)
                        : current.visibility().apiName(),
                groups.isPresent() ? groups.value().orElse(List.of()) : null);
    }
}
