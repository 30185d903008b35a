package io.snippetstore.snippets.control;

import java.util.List;
import java.util.Objects;

/**
 * How one field merges: its merged value when nobody needs to decide; otherwise, for code and
 * notes, the merged lines with the conflicting ones as chunks, and for the other fields the
 * three values (base, mine, theirs).
 */
public record FieldMerge(
        String field,
        boolean clean,
        Object merged,
        List<ThreeWayMerge.Chunk> chunks,
        Object base,
        Object mine,
        Object theirs) {

    static FieldMerge value(String field, Object base, Object mine, Object theirs) {
        if (Objects.equals(mine, base) || Objects.equals(mine, theirs)) {
            return new FieldMerge(field, true, theirs, null, null, null, null);
        }
        if (Objects.equals(theirs, base)) {
            return new FieldMerge(field, true, mine, null, null, null, null);
        }
        return new FieldMerge(field, false, null, null, base, mine, theirs);
    }

    /** Code and notes, line by line; an absent text (notes) merges as an empty one, and an empty result is absent. */
    static FieldMerge text(String field, String base, String mine, String theirs) {
        List<ThreeWayMerge.Chunk> chunks = ThreeWayMerge.of(base, mine, theirs);
        if (ThreeWayMerge.isClean(chunks)) {
            String merged = chunks.get(0).text();
            return new FieldMerge(field, true, merged.isEmpty() ? null : merged, null, null, null, null);
        }
        return new FieldMerge(field, false, null, chunks, null, null, null);
    }
}
