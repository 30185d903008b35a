package io.snippetstore.storage.control;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import javax.sql.DataSource;

import io.snippetstore.platform.ApiException;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import org.eclipse.microprofile.config.ConfigProvider;

/** The storage settings: which backend holds the data (only SQLite), and what it holds. */
@Stateless
public class StorageSettings {

    public static final String SQLITE = "sqlite";
    public static final List<String> SUPPORTED_BACKENDS = List.of(SQLITE);

    @JsonbPropertyOrder({"path", "sizeBytes", "journalMode"})
    public record Database(String path, long sizeBytes, String journalMode) {
    }

    @JsonbPropertyOrder({"users", "snippets", "attachments", "attachmentBytes"})
    public record Counts(long users, long snippets, long attachments, long attachmentBytes) {
    }

    @JsonbPropertyOrder({"backend", "supportedBackends", "database", "counts"})
    public record Status(String backend, List<String> supportedBackends, Database database, Counts counts) {
    }

    @Resource(lookup = DatabaseMigrations.DATA_SOURCE)
    DataSource dataSource;

    public Status current() {
        Path file = SnippetsDataSource.databaseFile(ConfigProvider.getConfig(StorageSettings.class.getClassLoader()));
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            long pages = single(statement, "PRAGMA page_count");
            long pageSize = single(statement, "PRAGMA page_size");
            String journalMode;
            try (ResultSet row = statement.executeQuery("PRAGMA journal_mode")) {
                row.next();
                journalMode = row.getString(1);
            }
            Counts counts;
            try (ResultSet row = statement.executeQuery("SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM snippets), "
                    + "(SELECT count(*) FROM attachments), (SELECT coalesce(sum(size), 0) FROM attachments)")) {
                row.next();
                counts = new Counts(row.getLong(1), row.getLong(2), row.getLong(3), row.getLong(4));
            }
            return new Status(SQLITE, SUPPORTED_BACKENDS, new Database(file.toString(), pages * pageSize, journalMode), counts);
        } catch (SQLException e) {
            throw new IllegalStateException("Reading the storage settings failed", e);
        }
    }

    /** Selects a backend: SQLite is the only one, so this changes nothing and answers the settings. */
    public Status select(String backend) {
        if (!SUPPORTED_BACKENDS.contains(backend)) {
            throw new ApiException(400, "unsupported_backend",
                    "The backend '" + backend + "' is not supported; supported: " + String.join(", ", SUPPORTED_BACKENDS) + ".");
        }
        return current();
    }

    private static long single(Statement statement, String sql) throws SQLException {
        try (ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getLong(1);
        }
    }
}
