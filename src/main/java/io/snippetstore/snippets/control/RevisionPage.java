package io.snippetstore.snippets.control;

import java.util.List;

/** A page of a snippet's history, newest first, and the cursor of the next ({@code null} at the end). */
public record RevisionPage(List<RevisionData> items, String nextCursor, int limit) {}
