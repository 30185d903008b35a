package io.snippetstore.snippets.control;

import java.util.List;

/**
 * A collection an import brings: its id in the archive, its parent's ({@code null}: at the top),
 * its name, description and visibility, and its snippets in order, by the ids the import gave them.
 */
public record CollectionImport(
        String sourceId, String parentSourceId, CollectionInput input, List<String> snippetIds) {}
