package io.snippetstore.storage.control;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.security.Caller;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

/** The storage settings: which backend holds the data (only SQLite), and what it holds. */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class StorageSettings {

    public static final String SQLITE = "sqlite";
    public static final List<String> SUPPORTED_BACKENDS = List.of(SQLITE);

    @Inject
    Database database;

    @Inject
    DataDirectory dataDirectory;

    @Inject
    Instance<Inventory> inventories;

    @Inject
    Event<AuditEvent> audit;

    public StorageStatus current() {
        long pages = pragma("page_count", row -> row.getLong(1));
        long pageSize = pragma("page_size", row -> row.getLong(1));
        String journalMode = pragma("journal_mode", row -> row.getString(1));
        Map<String, Long> counts = new TreeMap<>();
        inventories.forEach(inventory -> counts.putAll(inventory.counts()));
        return new StorageStatus(
                SQLITE,
                SUPPORTED_BACKENDS,
                new StorageStatus.DatabaseFile(dataDirectory.databaseFile().toString(), pages * pageSize, journalMode),
                counts);
    }

    /** Selects a backend: SQLite is the only one, so this changes nothing and answers the settings. */
    public StorageStatus select(Caller caller, String backend) {
        if (!SUPPORTED_BACKENDS.contains(backend)) {
            throw ApiException.unsupportedBackend(backend, SUPPORTED_BACKENDS);
        }
        audit.fire(AuditEvent.success(caller, AuditEvent.STORAGE_CHANGED, null, "backend " + backend));
        return current();
    }

    private <T> T pragma(String name, Database.RowReader<T> reader) {
        return database.first("PRAGMA " + name, List.of(), reader)
                .orElseThrow(() -> new IllegalStateException("PRAGMA " + name + " answered nothing"));
    }
}
