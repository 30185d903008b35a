package io.snippetstore.storage.boundary;

import io.snippetstore.storage.control.Backups;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** What a restore did: the source, its schema version before migrating, and the backup that keeps the replaced data. */
@JsonbPropertyOrder({"restoredFrom", "schemaVersion", "previousData"})
public record RestoredView(String restoredFrom, String schemaVersion, BackupView previousData) {

    static RestoredView of(Backups.Restored restored) {
        return new RestoredView(restored.restoredFrom(), restored.schemaVersion(), BackupView.of(restored.previous()));
    }
}
