package io.snippetstore.storage.control;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The free space on the disk of the data directory, and the floor below which no new data is
 * taken: writes are refused with 503 before they start rather than fail half way, and the room
 * left under the floor is what deletes, token revocations and SQLite's own bookkeeping (the
 * write-ahead log, checkpoints) need to keep working on a full disk. Free space counts the
 * database's own free pages: a delete frees space for new data there, though the file keeps its size.
 */
@ApplicationScoped
public class DiskSpace {

    private static final Logger LOG = Logger.getLogger(DiskSpace.class.getName());

    @Inject
    Database database;

    @Inject
    DataDirectory dataDirectory;

    @Inject
    @ConfigProperty(name = Settings.MIN_FREE_BYTES, defaultValue = Settings.MIN_FREE_BYTES_DEFAULT)
    long minFreeBytes;

    /** Refuses new data (503 {@code unavailable}) unless {@code bytes} more would still leave the floor free. */
    public void requireRoomFor(long bytes) {
        if (!hasRoomFor(bytes)) {
            throw full();
        }
    }

    /**
     * Refuses (503 {@code unavailable}) a new file of {@code bytes} beside the database unless the
     * file system keeps the floor free after it: the database's free pages cannot hold a file.
     */
    public void requireRoomOnDiskFor(long bytes) {
        if (bytesFreeOnDisk() - bytes < minFreeBytes) {
            throw full();
        }
    }

    /** The bytes of the database's pages in use: about what a copy of it ({@code VACUUM INTO}) writes. */
    public long bytesUsedInDatabase() {
        return database.first(
                        "SELECT (page_count - freelist_count) * page_size"
                                + " FROM pragma_page_count, pragma_freelist_count, pragma_page_size",
                        List.of(),
                        row -> row.getLong(1))
                .orElseThrow();
    }

    /** Below the floor: new data is refused until space is freed. */
    public boolean isLow() {
        return !hasRoomFor(0);
    }

    private boolean hasRoomFor(long bytes) {
        long onDisk = bytesFreeOnDisk();
        // Only near the floor is the database asked: pages freed by deletes hold new data without growing the file.
        return onDisk - bytes >= minFreeBytes || onDisk + bytesFreeInDatabase() - bytes >= minFreeBytes;
    }

    /** Free on the file system, plus free pages inside the database, which new data reuses before the file grows. */
    public long freeBytes() {
        return bytesFreeOnDisk() + bytesFreeInDatabase();
    }

    private long bytesFreeOnDisk() {
        // one statvfs call; File.getUsableSpace answers 0 when the directory cannot be read
        return dataDirectory.path().toFile().getUsableSpace();
    }

    private long bytesFreeInDatabase() {
        try {
            return database.first(
                            "SELECT freelist_count * page_size FROM pragma_freelist_count, pragma_page_size",
                            List.of(),
                            row -> row.getLong(1))
                    .orElse(0L);
        } catch (IllegalStateException e) {
            LOG.log(Level.WARNING, "Could not read the free pages of the database", e);
            return 0;
        }
    }

    public long minFreeBytes() {
        return minFreeBytes;
    }

    public static ApiException full() {
        return ApiException.unavailable("The disk of the data directory is full: nothing was changed. "
                + "Reads and deletes still work; writes resume by themselves once space is freed.");
    }
}
