package io.snippetstore.snippets.control;

import java.util.List;

import io.snippetstore.platform.CodePoints;
import io.snippetstore.platform.Text;
import io.snippetstore.snippets.entity.SnippetCollection;
import io.snippetstore.snippets.entity.SnippetShare;
import io.snippetstore.snippets.entity.Visibility;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * A collection as a client sends it (the body of POST, and the merged result of a PATCH): its
 * name (trimmed; no {@code /}, which separates a path's names), description (Markdown), the
 * collection it is inside ({@code null}: at the top), visibility ({@code private}, the default,
 * or {@code team}) and the groups it is shared with ({@code null}: not sent).
 */
public record CollectionInput(
        @NotNull
        @CodePoints(min = 1, max = SnippetCollection.NAME_MAX)
        @Pattern(regexp = "[^\\p{Cntrl}/]*", message = "must not contain control characters or a slash")
        String name,

        @CodePoints(max = SnippetCollection.DESCRIPTION_MAX) String description,
        String parentId,

        @Pattern(regexp = "private|team", message = "must be private or team")
        String visibility,

        @Size(max = SnippetShare.GROUPS_MAX, message = "must name at most {max} groups")
        List<@NotNull @Valid GroupShareInput> groups) {

    public CollectionInput {
        name = Text.stripped(name);
        description = description == null || description.isBlank() ? null : description;
        visibility = visibility == null ? Visibility.PRIVATE.apiName() : visibility;
    }

    Visibility visibilityValue() {
        return Visibility.fromApiName(visibility).orElseThrow();
    }
}
