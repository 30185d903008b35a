package io.snippetstore.search.control;

/**
 * Where a page of results ended: the last result's sort key and id, and, for relevance, the
 * statistics its scores were computed with ({@link FrozenStatistics}), so that the next page
 * scores every snippet as the first did. Opaque to callers; they keep it in a signed cursor.
 */
public record SearchPosition(String key, String id, String statistics) {}
