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

import io.snippetstore.platform.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a file must be to replace the database, on real SQLite files. */
class BackupCheckTest {

    private static final long PAGE_SIZE = 4096;

    @TempDir
    Path directory;

    /** An SQLite file with a migration history whose newest applied version is {@code version}. */
    private Path store(String name, String version, long pageSize) throws SQLException {
        Path file = directory.resolve(name);
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file); Statement sql = connection.createStatement()) {
            sql.execute("PRAGMA page_size = " + pageSize);
            sql.execute("CREATE TABLE flyway_schema_history (installed_rank INTEGER, version TEXT, success INTEGER)");
            sql.execute("INSERT INTO flyway_schema_history VALUES (1, '1', 1), (2, '" + version + "', 1), (3, '99', 0)");
        }
        return file;
    }

    private static String refusal(Path file) {
        ApiException refused = assertThrows(ApiException.class, () -> BackupCheck.require(file, "8", PAGE_SIZE));
        assertEquals(400, refused.status());
        assertEquals("invalid_backup", refused.code());
        return refused.getMessage();
    }

    @Test
    void aStoreOfThisOrAnOlderSchemaPassesWithItsVersion() throws SQLException {
        assertEquals("8", BackupCheck.require(store("same.db", "8", PAGE_SIZE), "8", PAGE_SIZE));
        assertEquals("7", BackupCheck.require(store("older.db", "7", PAGE_SIZE), "8", PAGE_SIZE), "a failed migration (99) does not count");
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
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file); Statement sql = connection.createStatement()) {
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
