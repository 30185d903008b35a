package io.snippetstore.storage.boundary;

import io.snippetstore.platform.Timestamps;
import io.snippetstore.storage.control.BackupFile;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A backup on the wire: its name (also its id in paths), size, when it was taken, and where to download it. */
@JsonbPropertyOrder({"name", "sizeBytes", "createdAt", "downloadUrl"})
public record BackupView(String name, long sizeBytes, String createdAt, String downloadUrl) {

    static BackupView of(BackupFile backup) {
        return new BackupView(
                backup.name(),
                backup.sizeBytes(),
                Timestamps.format(backup.createdAt()),
                "/api/v1/storage/backups/" + backup.name() + "/download");
    }
}
