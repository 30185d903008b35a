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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.logging.Logger;

import io.snippetstore.platform.ApiException;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * What a file must be before it may replace the database: an SQLite database that passes
 * {@code PRAGMA integrity_check}, whose schema this build knows (its migrations are not newer than
 * this build's, and its tables, indexes, triggers and views are exactly those of that version),
 * with the page size of the store (SQLite copies a database into a WAL database
 * only between equal page sizes). Anything else is refused with 400 {@code invalid_backup}.
 */
final class BackupCheck {

    private static final Logger LOG = Logger.getLogger(BackupCheck.class.getName());
    private static final byte[] SQLITE_HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private BackupCheck() {}

    /** The schema version of the file, once it passed every check. */
    static String require(Path file, String currentVersion, long pageSize) {
        requireSqliteHeader(file);
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        SQLiteDataSource source = new SQLiteDataSource(config);
        source.setUrl("jdbc:sqlite:" + file);
        try (Connection connection = source.getConnection();
                Statement statement = connection.createStatement()) {
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
                        + "-byte pages: make the backup with this service, or VACUUM it with PRAGMA page_size = "
                        + pageSize + ".");
            }
            requireKnownSchema(statement, version, file.resolveSibling(file.getFileName() + ".schema"));
            return version;
        } catch (SQLException e) {
            throw ApiException.invalidBackup("The file fails SQLite's integrity check (SQLite cannot read it).");
        }
    }

    /**
     * The file's tables, indexes, triggers and views are exactly those this build's migrations make
     * at the file's schema version, each with the same SQL: a trigger, view or table of anyone
     * else's making would run, or be read, inside the service once restored. The expected schema
     * is made by migrating an empty scratch database (at {@code scratch}, deleted after) to that version.
     */
    private static void requireKnownSchema(Statement file, String version, Path scratch) throws SQLException {
        Map<String, String> expected;
        Map<String, String> expectedHistory;
        try {
            SQLiteDataSource empty = new SQLiteDataSource();
            empty.setUrl("jdbc:sqlite:" + scratch);
            Flyway.configure(BackupCheck.class.getClassLoader())
                    .dataSource(empty)
                    .locations("classpath:db/migration")
                    .target(MigrationVersion.fromVersion(version))
                    .load()
                    .migrate();
            try (Connection connection = empty.getConnection();
                    Statement statement = connection.createStatement()) {
                expected = schemaOf(statement);
                expectedHistory = historyOf(statement);
            }
        } finally {
            try {
                Files.deleteIfExists(scratch);
            } catch (IOException e) {
                LOG.warning(() -> "A scratch database was left behind: " + scratch);
            }
        }
        Map<String, String> actual = schemaOf(file);
        for (Map.Entry<String, String> object : actual.entrySet()) {
            if (!expected.containsKey(object.getKey())) {
                throw ApiException.invalidBackup("The file has a " + object.getKey()
                        + " that Snippet Store's schema version " + version + " does not have.");
            }
            if (!Objects.equals(expected.get(object.getKey()), object.getValue())) {
                throw ApiException.invalidBackup("The file's " + object.getKey()
                        + " differs from Snippet Store's schema version " + version + ".");
            }
        }
        for (String object : expected.keySet()) {
            if (!actual.containsKey(object)) {
                throw ApiException.invalidBackup(
                        "The file lacks the " + object + " of Snippet Store's schema version " + version + ".");
            }
        }
        Map<String, String> history = historyOf(file);
        for (String migration : union(expectedHistory.keySet(), history.keySet())) {
            if (!Objects.equals(expectedHistory.get(migration), history.get(migration))) {
                throw ApiException.invalidBackup("The file's history differs from this build's at migration "
                        + migration + ": it was made by another build's migrations, which this one would refuse"
                        + " at every start.");
            }
        }
    }

    /**
     * The migration history as Flyway validates it at every start: each migration's description,
     * type, checksum and success, by version.
     */
    private static Map<String, String> historyOf(Statement statement) throws SQLException {
        Map<String, String> history = new TreeMap<>();
        try (ResultSet rows = statement.executeQuery(
                "SELECT version, description, type, checksum, success FROM flyway_schema_history")) {
            while (rows.next()) {
                history.put(
                        String.valueOf(rows.getString("version")),
                        String.join(
                                "|",
                                rows.getString("description"),
                                rows.getString("type"),
                                String.valueOf(rows.getString("checksum")),
                                rows.getString("success")));
            }
        }
        return history;
    }

    private static List<String> union(Set<String> one, Set<String> other) {
        Set<String> both = new TreeSet<>(one);
        both.addAll(other);
        return List.copyOf(both);
    }

    /**
     * Every table, index, trigger and view by {@code type 'name'}, with its SQL; SQLite's own
     * objects (named {@code sqlite_...}, which nobody else may create) aside. The migration
     * history's own table and index, and a virtual table's shadow tables, are compared by name:
     * other Flyway and SQLite releases write them differently.
     */
    private static Map<String, String> schemaOf(Statement statement) throws SQLException {
        Map<String, String> schema = new TreeMap<>();
        List<String> virtualTables = new ArrayList<>();
        try (ResultSet objects = statement.executeQuery(
                "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")) {
            while (objects.next()) {
                String type = objects.getString("type");
                String name = objects.getString("name");
                String sql = objects.getString("sql");
                if (sql != null
                        && sql.regionMatches(true, 0, "CREATE VIRTUAL TABLE", 0, "CREATE VIRTUAL TABLE".length())) {
                    virtualTables.add(name);
                }
                boolean byNameOnly = !type.equals("trigger")
                        && !type.equals("view")
                        && (objects.getString("tbl_name").equals("flyway_schema_history")
                                || isShadowTable(name, virtualTables));
                schema.put(type + " '" + name + "'", byNameOnly ? "" : sql);
            }
        }
        return schema;
    }

    /**
     * A table a virtual table's module made for itself ({@code snippets_fts_data} of
     * {@code snippets_fts}): its SQL is the module's, which SQLite releases write differently.
     * Sorted by name, a virtual table comes before its shadow tables.
     */
    private static boolean isShadowTable(String name, List<String> virtualTables) {
        return virtualTables.stream().anyMatch(virtual -> name.startsWith(virtual + "_"));
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
        if (single(
                        statement,
                        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'flyway_schema_history'")
                .equals("0")) {
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
