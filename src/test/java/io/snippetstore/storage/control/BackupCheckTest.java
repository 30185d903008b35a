package io.snippetstore.storage.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import io.snippetstore.platform.ApiException;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteDataSource;

/** What a file must be to replace the database, on real SQLite files. */
class BackupCheckTest {

    private static final long PAGE_SIZE = 4096;

    @TempDir
    Path directory;

    /** An SQLite file with a migration history whose newest applied version is {@code version}. */
    private Path store(String name, String version, long pageSize) throws SQLException {
        Path file = directory.resolve(name);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement sql = connection.createStatement()) {
            sql.execute("PRAGMA page_size = " + pageSize);
            sql.execute("CREATE TABLE flyway_schema_history (installed_rank INTEGER, version TEXT, success INTEGER)");
            sql.execute(
                    "INSERT INTO flyway_schema_history VALUES (1, '1', 1), (2, '" + version + "', 1), (3, '99', 0)");
        }
        return file;
    }

    private static String refusal(Path file) {
        return refusal(file, "8");
    }

    private static String refusal(Path file, String currentVersion) {
        ApiException refused =
                assertThrows(ApiException.class, () -> BackupCheck.require(file, currentVersion, PAGE_SIZE));
        assertEquals(400, refused.status());
        assertEquals("invalid_backup", refused.code());
        return refused.getMessage();
    }

    /** A real store made by this build's migrations up to {@code version}. */
    private Path migrated(String name, String version) {
        Path file = directory.resolve(name);
        SQLiteDataSource dataSource = new SQLiteDataSource();
        dataSource.setUrl("jdbc:sqlite:" + file);
        Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .target(MigrationVersion.fromVersion(version))
                .load()
                .migrate();
        return file;
    }

    private static void change(Path file, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            statement.executeUpdate(sql);
        }
    }

    @Test
    void aStoreOfThisOrAnOlderSchemaPassesWithItsVersion() {
        assertEquals("10", BackupCheck.require(migrated("same.db", "10"), "10", PAGE_SIZE));
        assertEquals("7", BackupCheck.require(migrated("older.db", "7"), "10", PAGE_SIZE));
        assertEquals(List.of("older.db", "same.db"), files(), "no scratch database is left behind");
    }

    @Test
    void aStoreWithATriggerViewOrTableOfAnyoneElsesMakingIsRefused() throws SQLException {
        Path trigger = migrated("trigger.db", "10");
        change(
                trigger,
                "CREATE TRIGGER steal AFTER INSERT ON api_tokens BEGIN INSERT INTO audit_records (id) VALUES (NEW.token_hash); END");
        Path view = migrated("view.db", "10");
        change(view, "CREATE VIEW everything AS SELECT * FROM users");
        Path table = migrated("table.db", "10");
        change(table, "CREATE TABLE extra (x)");

        assertTrue(refusal(trigger, "10").contains("trigger 'steal'"), refusal(trigger, "10"));
        assertTrue(refusal(view, "10").contains("view 'everything'"));
        assertTrue(refusal(table, "10").contains("table 'extra'"));
    }

    @Test
    void aStoreWhoseTriggerOfAKnownNameDoesSomethingElseOrLacksOneIsRefused() throws SQLException {
        Path changed = migrated("changed.db", "10");
        change(changed, "DROP TRIGGER snippets_fts_insert");
        change(changed, "CREATE TRIGGER snippets_fts_insert AFTER INSERT ON snippets BEGIN DELETE FROM users; END");
        Path lacking = migrated("lacking.db", "10");
        change(lacking, "DROP TRIGGER snippets_fts_delete");

        assertTrue(refusal(changed, "10").contains("trigger 'snippets_fts_insert' differs"), refusal(changed, "10"));
        assertTrue(refusal(lacking, "10").contains("lacks the trigger 'snippets_fts_delete'"), refusal(lacking, "10"));
    }

    @Test
    void aStoreWhoseMigrationHistoryIsAnotherBuildsIsRefused() throws SQLException {
        Path edited = migrated("edited.db", "10");
        change(edited, "UPDATE flyway_schema_history SET checksum = checksum + 1 WHERE version = '3'");
        Path lacking = migrated("lacking.db", "10");
        change(lacking, "DELETE FROM flyway_schema_history WHERE version = '5'");
        Path failed = migrated("failed.db", "10");
        change(
                failed,
                "INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, installed_by,"
                        + " execution_time, success) VALUES (99, '11', 'drop search term statistics', 'SQL',"
                        + " 'V11__x.sql', 'someone', 0, 0)");

        assertTrue(
                refusal(edited, "10").contains("history differs from this build's at migration 3"),
                refusal(edited, "10"));
        assertTrue(refusal(lacking, "10").contains("at migration 5"), refusal(lacking, "10"));
        assertTrue(refusal(failed, "11").contains("at migration 11"), refusal(failed, "11"));
    }

    private List<String> files() {
        try (var listed = Files.list(directory)) {
            return listed.map(file -> file.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aStoreOfANewerSchemaIsRefused() throws SQLException {
        assertTrue(refusal(store("newer.db", "10", PAGE_SIZE)).contains("newer build"));
    }

    @Test
    void anotherPageSizeIsRefused() throws SQLException {
        assertTrue(refusal(store("pages.db", "8", 8192)).contains("8192-byte pages"));
    }

    @Test
    void aFileThatIsNotAnSqliteDatabaseOrNotOfThisServiceIsRefused() throws IOException, SQLException {
        Path text = Files.writeString(directory.resolve("text.db"), "hello, this is not a database at all");
        Path foreign = directory.resolve("foreign.db");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + foreign)) {
            connection.createStatement().execute("CREATE TABLE t (x)");
        }

        assertTrue(refusal(text).contains("not an SQLite database"));
        assertTrue(refusal(foreign).contains("not one of Snippet Store"));
    }

    @Test
    void aDamagedStoreFailsTheIntegrityCheck() throws IOException, SQLException {
        Path file = store("damaged.db", "8", PAGE_SIZE);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement sql = connection.createStatement()) {
            sql.execute("CREATE TABLE filler (x TEXT)");
            sql.execute("CREATE INDEX filler_x ON filler (x)");
            for (int i = 0; i < 200; i++) {
                sql.execute("INSERT INTO filler VALUES ('" + "row-" + i + "-".repeat(100) + "')");
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        for (int i = (int) PAGE_SIZE * 2; i < bytes.length - 8; i += 97) {
            bytes[i] = (byte) 0x5a;
        }
        Files.write(file, bytes);

        assertTrue(refusal(file).contains("integrity check"));
    }
}
