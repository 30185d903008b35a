package io.snippetstore.storage.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteDataSource;

/**
 * The SQLite data source the container pools for {@code java:app/jdbc/snippets}.
 * It configures itself from MicroProfile Config, so the same WAR needs no per-server
 * datasource settings: every server instantiates this class by name (Open Liberty from a shared
 * library, see server-config) and gets the database under {@code SNIPPETS_DATA_DIR} with WAL,
 * foreign keys and durable commits. Its defaults are written here because on Open Liberty the
 * class does not see the WAR's microprofile-config.properties.
 */
public class SnippetsDataSource extends SQLiteDataSource {

    public static final String DATABASE_FILE = "snippets.db";
    private static final String URL_PREFIX = "jdbc:sqlite:";

    public SnippetsDataSource() {
        super(sqliteConfig(config()));
        setUrl(URL_PREFIX + databaseFile(config()));
    }

    /**
     * Every connection, as the pool opens it: one that keeps in step with SQLite after a failed
     * write ({@link TransactionSafeConnection}), with the application's SQL functions.
     */
    @Override
    public SQLiteConnection getConnection(String username, String password) throws SQLException {
        String url = getUrl();
        SQLiteConnection connection = new TransactionSafeConnection(url, url.substring(URL_PREFIX.length()), getConfig().toProperties());
        TextFunctions.register(connection);
        return connection;
    }

    private static Config config() {
        return ConfigProvider.getConfig(SnippetsDataSource.class.getClassLoader());
    }

    /** The database file, its directory created on first use (SQLite creates files, not directories). */
    public static Path databaseFile(Config config) {
        Path dataDir = Path.of(config.getOptionalValue("SNIPPETS_DATA_DIR", String.class).orElse("./data"))
                .toAbsolutePath().normalize();
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the data directory " + dataDir, e);
        }
        return dataDir.resolve(DATABASE_FILE);
    }

    static SQLiteConfig sqliteConfig(Config config) {
        SQLiteConfig sqlite = new SQLiteConfig();
        sqlite.setJournalMode(SQLiteConfig.JournalMode.WAL);
        // A large upload grows the write-ahead log to its size; once checkpointed, the log is cut
        // back to this, so that its disk space returns to the file system.
        sqlite.setJournalSizeLimit(32 * 1024 * 1024);
        sqlite.enforceForeignKeys(true);
        sqlite.setSynchronous(SQLiteConfig.SynchronousMode.valueOf(
                config.getOptionalValue("SNIPPETS_SQLITE_SYNCHRONOUS", String.class).orElse("FULL").toUpperCase()));
        sqlite.setBusyTimeout(config.getOptionalValue("SNIPPETS_SQLITE_BUSY_TIMEOUT_MS", Integer.class).orElse(10_000));
        // DEFERRED: a transaction takes the write lock only when it first writes; the WriteGate
        // serializes writers in the application, so readers never wait for it.
        sqlite.setTransactionMode(SQLiteConfig.TransactionMode.DEFERRED);
        return sqlite;
    }
}
