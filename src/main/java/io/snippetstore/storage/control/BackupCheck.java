package io.snippetstore.storage.control;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

import io.snippetstore.platform.ApiException;
import org.flywaydb.core.api.MigrationVersion;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * What a file must be before it may replace the database: an SQLite database that passes
 * {@code PRAGMA integrity_check}, whose schema this build knows (its migrations are not newer than
 * this build's), with the page size of the store (SQLite copies a database into a WAL database
 * only between equal page sizes). Anything else is refused with 400 {@code invalid_backup}.
 */
final class BackupCheck {

    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private BackupCheck() {
    }

    /** The schema version of the file, once it passed every check. */
    static String require(Path file, String currentVersion, long pageSize) {
        requireSqliteHeader(file);
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        SQLiteDataSource source = new SQLiteDataSource(config);
        source.setUrl("jdbc:sqlite:" + file);
        try (Connection connection = source.getConnection(); Statement statement = connection.createStatement()) {
            String integrity = single(statement, "PRAGMA integrity_check");
            if (!"ok".equals(integrity)) {
                throw ApiException.invalidBackup("The file fails SQLite's integrity check: " + integrity);
            }
            String version = schemaVersion(statement);
            if (MigrationVersion.fromVersion(version).isNewerThan(currentVersion)) {
                throw ApiException.invalidBackup("The file was made by a newer build (schema version " + version
                        + "); this build knows schema versions up to " + currentVersion + ".");
            }
            long filePageSize = Long.parseLong(single(statement, "PRAGMA page_size"));
            if (filePageSize != pageSize) {
                throw ApiException.invalidBackup("The file has " + filePageSize + "-byte pages, the store " + pageSize
                        + "-byte pages: make the backup with this service, or VACUUM it with PRAGMA page_size = " + pageSize + ".");
            }
            return version;
        } catch (SQLException e) {
            throw ApiException.invalidBackup("The file fails SQLite's integrity check (SQLite cannot read it).");
        }
    }

    private static void requireSqliteHeader(Path file) {
        byte[] header = new byte[SQLITE_HEADER.length];
        try (InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(header, 0, header.length) != header.length || !Arrays.equals(header, SQLITE_HEADER)) {
                throw ApiException.invalidBackup("The file is not an SQLite database.");
            }
        } catch (IOException e) {
            throw ApiException.invalidBackup("The file cannot be read.");
        }
    }

    private static String schemaVersion(Statement statement) throws SQLException {
        if (single(statement, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'flyway_schema_history'").equals("0")) {
            throw ApiException.invalidBackup("The file is an SQLite database, but not one of Snippet Store.");
        }
        try (ResultSet versions = statement.executeQuery(
                "SELECT version FROM flyway_schema_history WHERE success = 1 AND version IS NOT NULL")) {
            MigrationVersion newest = null;
            while (versions.next()) {
                MigrationVersion version = MigrationVersion.fromVersion(versions.getString(1));
                if (newest == null || version.isNewerThan(newest.getVersion())) {
                    newest = version;
                }
            }
            if (newest == null) {
                throw ApiException.invalidBackup("The file is an SQLite database, but not one of Snippet Store.");
            }
            return newest.getVersion();
        }
    }

    private static String single(Statement statement, String sql) throws SQLException {
        try (ResultSet result = statement.executeQuery(sql)) {
            return result.next() ? result.getString(1) : "";
        }
    }
}
