package io.snippetstore.platform;

/** The {@code meta} of a list: its paging, and for a search what else the search found out. */
public sealed interface PageMeta permits ListMeta, SearchMeta {}
