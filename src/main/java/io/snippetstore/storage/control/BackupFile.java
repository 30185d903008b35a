package io.snippetstore.storage.control;

import java.time.Instant;

/** A backup under {@code SNIPPETS_DATA_DIR/backups}: a complete SQLite database. */
public record BackupFile(String name, long sizeBytes, Instant createdAt) {}
