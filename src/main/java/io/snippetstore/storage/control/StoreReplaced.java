package io.snippetstore.storage.control;

/**
 * Fired once a restore has replaced the whole database: whatever a component keeps in memory about
 * its rows (cached tokens) describes another database now.
 */
public record StoreReplaced(String restoredFrom) {}
