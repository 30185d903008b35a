package io.snippetstore.transfer.control;

import java.util.List;

/**
 * What an archive brings, checked: its snippets, its collections (each parent before its
 * children), and the snippets pinned, the highest first, by their ids in the archive.
 */
record ArchivePlan(List<ArchivedSnippet> snippets, List<ArchivedCollection> collections, List<String> pinned) {}
