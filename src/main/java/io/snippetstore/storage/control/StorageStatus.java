package io.snippetstore.storage.control;

import java.util.List;
import java.util.Map;

/** The storage settings as the use cases hand them out: the backend, its database file, and what it holds. */
public record StorageStatus(
        String backend, List<String> supportedBackends, DatabaseFile database, Map<String, Long> counts) {

    public record DatabaseFile(String path, long sizeBytes, String journalMode) {}
}
