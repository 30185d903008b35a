package io.snippetstore.platform;

import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** Paging information; {@code nextCursor} is written as {@code null} exactly when there is nothing more. */
@JsonbNillable
@JsonbPropertyOrder({"nextCursor", "limit"})
public record ListMeta(String nextCursor, int limit) implements PageMeta {}
