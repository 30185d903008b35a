package io.snippetstore.storage.control;

import java.util.Map;

/**
 * What a business component keeps in the database, counted for the storage settings: each
 * component counts its own tables, so that storage knows none of them.
 */
public interface Inventory {

    /** Counts by the name the storage settings show them under, e.g. {@code snippets}. */
    Map<String, Long> counts();
}
