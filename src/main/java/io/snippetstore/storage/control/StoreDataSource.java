package io.snippetstore.storage.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

import io.snippetstore.platform.Settings;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteDataSource;

/**
 * The SQLite data source of the whole store, which the container pools as
 * {@link Database#DATA_SOURCE_NAME}. It configures itself from MicroProfile Config, so the same
 * WAR needs no per-server datasource settings: every server instantiates this class by name (Open
 * Liberty from a shared library, see server-config) and gets the database under
 * {@code SNIPPETS_DATA_DIR} with WAL, foreign keys and durable commits.
 */
public class StoreDataSource extends SQLiteDataSource {

    public static final String DATABASE_FILE = "snippets.db";
    private static final String URL_PREFIX = "jdbc:sqlite:";

    public StoreDataSource() {
        super(sqliteConfig(config()));
        setUrl(URL_PREFIX
                + dataDirectory(config().getOptionalValue(Settings.DATA_DIR, String.class)
                                .orElse(Settings.DATA_DIR_DEFAULT))
                        .resolve(DATABASE_FILE));
    }

    /**
     * Every connection, as the pool opens it: one that keeps in step with SQLite after a failed
     * write ({@link TransactionSafeConnection}).
     */
    @Override
    public SQLiteConnection getConnection(String username, String password) throws SQLException {
        String url = getUrl();
        return new TransactionSafeConnection(
                url, url.substring(URL_PREFIX.length()), getConfig().toProperties());
    }

    private static Config config() {
        return ConfigProvider.getConfig(StoreDataSource.class.getClassLoader());
    }

    /** The configured data directory as an absolute path, created on first use (SQLite creates files, not directories). */
    static Path dataDirectory(String configured) {
        Path dataDir = Path.of(configured).toAbsolutePath().normalize();
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the data directory " + dataDir, e);
        }
        return dataDir;
    }

    static SQLiteConfig sqliteConfig(Config config) {
        SQLiteConfig sqlite = new SQLiteConfig();
        sqlite.setJournalMode(SQLiteConfig.JournalMode.WAL);
        // A large upload grows the write-ahead log to its size; once checkpointed, the log is cut
        // back to this, so that its disk space returns to the file system.
        sqlite.setJournalSizeLimit(32 * 1024 * 1024);
        sqlite.enforceForeignKeys(true);
        sqlite.setSynchronous(
                SQLiteConfig.SynchronousMode.valueOf(config.getOptionalValue(Settings.SQLITE_SYNCHRONOUS, String.class)
                        .orElse(Settings.SQLITE_SYNCHRONOUS_DEFAULT)
                        .toUpperCase()));
        sqlite.setBusyTimeout(config.getOptionalValue(Settings.SQLITE_BUSY_TIMEOUT_MS, Integer.class)
                .orElse(Integer.parseInt(Settings.SQLITE_BUSY_TIMEOUT_MS_DEFAULT)));
        // DEFERRED: a transaction takes the write lock only when it first writes; the WriteGate
        // serializes writers in the application, so readers never wait for it.
        sqlite.setTransactionMode(SQLiteConfig.TransactionMode.DEFERRED);
        return sqlite;
    }
}
