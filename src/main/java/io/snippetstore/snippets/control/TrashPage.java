package io.snippetstore.snippets.control;

import java.time.Duration;
import java.util.List;

/** A page of a user's trash, the cursor of the next ({@code null} at the end), and how long a snippet stays in the trash. */
public record TrashPage(List<TrashedSnippet> items, String nextCursor, int limit, Duration kept) {}
