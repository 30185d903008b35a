package io.snippetstore.snippets.control;

import java.util.List;

/** An edit from version {@code base} merged with the snippet at {@code version}: every field, merged or in conflict. */
public record SnippetMerge(long base, long version, List<FieldMerge> fields) {

    public boolean clean() {
        return fields.stream().allMatch(FieldMerge::clean);
    }
}
