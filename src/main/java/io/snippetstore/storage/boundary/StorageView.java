package io.snippetstore.storage.boundary;

import java.util.List;
import java.util.Map;

import io.snippetstore.storage.control.StorageStatus;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** The storage settings on the wire. */
@JsonbPropertyOrder({"backend", "supportedBackends", "database", "counts"})
public record StorageView(
        String backend, List<String> supportedBackends, DatabaseView database, Map<String, Long> counts) {

    @JsonbPropertyOrder({"path", "sizeBytes", "journalMode"})
    public record DatabaseView(String path, long sizeBytes, String journalMode) {}

    static StorageView of(StorageStatus status) {
        StorageStatus.DatabaseFile file = status.database();
        return new StorageView(
                status.backend(),
                status.supportedBackends(),
                new DatabaseView(file.path(), file.sizeBytes(), file.journalMode()),
                status.counts());
    }
}
