package io.snippetstore.platform;

import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * The {@code meta} of a search's page: {@link ListMeta}'s paging, and {@code suggestion}, a
 * respelling of the query that finds something when the query found nothing ({@code null}
 * otherwise).
 */
@JsonbNillable
@JsonbPropertyOrder({"nextCursor", "limit", "suggestion"})
public record SearchMeta(String nextCursor, int limit, String suggestion) implements PageMeta {}
