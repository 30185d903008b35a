package io.snippetstore.snippets.control;

import java.util.List;

/** One page of the snippet list, and the cursor of the next one ({@code null} at the end). */
public record SnippetPage(List<SnippetData> items, String nextCursor, int limit) {
}
