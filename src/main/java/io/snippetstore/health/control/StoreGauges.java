package io.snippetstore.health.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.snippetstore.platform.Metrics;
import io.snippetstore.storage.control.DataDirectory;
import io.snippetstore.storage.control.DiskSpace;
import io.snippetstore.storage.control.StorageSettings;
import io.snippetstore.storage.control.StorageStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * What the store holds, as gauges read once per scrape ({@link #refresh()}): database and WAL
 * size, free disk space, and the counts of users, snippets, attachments and attachment bytes.
 */
@ApplicationScoped
public class StoreGauges {

    @Inject
    Metrics metrics;

    @Inject
    StorageSettings storage;

    @Inject
    DiskSpace disk;

    @Inject
    DataDirectory dataDirectory;

    private final Map<String, AtomicLong> values = new ConcurrentHashMap<>();

    /** Reads the current values; the next scrape shows them. */
    public void refresh() {
        StorageStatus status = storage.current();
        set(
                "snippets.database.size",
                "bytes",
                "The database file's pages in use and free",
                status.database().sizeBytes());
        set("snippets.database.wal.size", "bytes", "The write-ahead log on disk", walBytes());
        set(
                "snippets.disk.free",
                "bytes",
                "Free space for data: on the data directory's disk and in the database's free pages",
                disk.freeBytes());
        status.counts().forEach((name, count) -> set("snippets.stored." + dotted(name), null, "Stored " + name, count));
    }

    /** {@code attachmentBytes} as {@code attachment.bytes}, which Prometheus shows as {@code attachment_bytes}. */
    private static String dotted(String camelCase) {
        return camelCase.replaceAll("([a-z])([A-Z])", "$1.$2").toLowerCase(Locale.ROOT);
    }

    private long walBytes() {
        Path wal = dataDirectory
                .databaseFile()
                .resolveSibling(dataDirectory.databaseFile().getFileName() + "-wal");
        try {
            return Files.exists(wal) ? Files.size(wal) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private void set(String name, String unit, String description, long value) {
        values.computeIfAbsent(name, key -> {
                    AtomicLong holder = new AtomicLong();
                    Gauge.builder(key, holder, AtomicLong::get)
                            .description(description)
                            .baseUnit(unit)
                            .register(metrics.registry());
                    return holder;
                })
                .set(value);
    }
}
