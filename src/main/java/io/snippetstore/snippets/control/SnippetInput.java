package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

import io.snippetstore.platform.CodePoints;
import io.snippetstore.platform.Text;
import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetFields;
import io.snippetstore.snippets.entity.SnippetShare;
import io.snippetstore.snippets.entity.Visibility;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * The fields of a snippet as a client sends them (the body of POST, and the merged result of
 * a PATCH), normalized on construction: title and language trimmed, tags trimmed, lower-cased and
 * de-duplicated in order, an absent visibility {@code private}. The constraints then apply to the
 * normalized values. {@code groups} (the groups to share with) is not one of the fields: absent
 * ({@code null}) when a client did not send it.
 */
public record SnippetInput(
        @NotNull @CodePoints(min = 1, max = Snippet.TITLE_MAX)
        String title,

        @CodePoints(max = Snippet.DESCRIPTION_MAX) String description,
        @CodePoints(max = Snippet.NOTES_MAX) String notes,

        @NotNull @CodePoints(min = 1, max = Snippet.LANGUAGE_MAX)
        String language,

        @NotNull @Size(min = 1, message = "must not be empty")
        String code,

        @NotNull @Size(max = Snippet.TAGS_MAX, message = "must hold at most {max} distinct tags")
        List<
                        @NotNull @CodePoints(min = 1, max = Snippet.TAG_MAX)
                        @Pattern(regexp = "[^,]*", message = "must not contain a comma") String>
                tags,

        @Pattern(regexp = "private|team|link", message = "must be private, team or link")
        String visibility,

        @Size(max = SnippetShare.GROUPS_MAX, message = "must name at most {max} groups")
        List<@NotNull @Valid GroupShareInput> groups) {

    public SnippetInput {
        visibility = visibility == null ? Visibility.PRIVATE.apiName() : visibility;
        title = Text.stripped(title);
        language = Text.stripped(language);
        tags = tags == null ? null : normalizeTags(tags);
    }

    /** Trimmed, lower-cased, duplicates dropped, first occurrence's order kept. */
    static List<String> normalizeTags(List<String> tags) {
        LinkedHashSet<String> distinct = new LinkedHashSet<>();
        for (String tag : tags) {
            distinct.add(tag == null ? null : tag.strip().toLowerCase(Locale.ROOT));
        }
        return new ArrayList<>(distinct);
    }

    public SnippetFields fields() {
        return new SnippetFields(
                title,
                description,
                notes,
                language,
                code,
                List.copyOf(tags),
                Visibility.fromApiName(visibility).orElseThrow());
    }
}
