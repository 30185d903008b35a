package io.snippetstore.snippets.control;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** An earlier version of a snippet as an archive holds it: its number, when it was made, what it changed (if known), its fields. */
public record HistoricVersion(long version, Instant createdAt, Optional<List<String>> changed, SnippetInput input) {}
