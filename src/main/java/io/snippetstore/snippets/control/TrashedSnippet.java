package io.snippetstore.snippets.control;

import java.time.Instant;

/** A snippet in the trash, as it was when it was deleted, and when that was. */
public record TrashedSnippet(SnippetData snippet, Instant trashedAt) {}
