package io.snippetstore.snippets.control;

import java.util.List;

/** A page of others' collections the caller may read, and the cursor of the next ({@code null} at the end). */
public record CollectionPage(List<CollectionData> items, String nextCursor, int limit) {}
