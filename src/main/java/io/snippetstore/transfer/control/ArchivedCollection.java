package io.snippetstore.transfer.control;

import java.util.List;

import io.snippetstore.snippets.control.CollectionInput;

/** A collection as an archive holds it, checked: its id and its parent's there, its fields, and its snippets by their ids there. */
record ArchivedCollection(
        String sourceId, String parentSourceId, CollectionInput input, List<String> snippetSourceIds) {}
