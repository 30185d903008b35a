package io.snippetstore.platform;

import java.util.List;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The success envelope of a list: {@code {"ok": true, "data": [...], "meta": {"nextCursor": ..., "limit": N}}}. */
@JsonbPropertyOrder({"ok", "data", "meta"})
public record ApiList<T>(boolean ok, List<T> data, PageMeta meta) {

    /** A list that is never paginated: everything is in {@code data}. */
    public static <T> ApiList<T> complete(List<T> items) {
        return new ApiList<>(true, items, new ListMeta(null, items.size()));
    }

    public static <T> ApiList<T> page(List<T> items, String nextCursor, int limit) {
        return new ApiList<>(true, items, new ListMeta(nextCursor, limit));
    }

    /** A page of search results, with a respelling of the query when it found nothing. */
    public static <T> ApiList<T> searched(List<T> items, String nextCursor, int limit, String suggestion) {
        return new ApiList<>(true, items, new SearchMeta(nextCursor, limit, suggestion));
    }
}
