package io.snippetstore.storage.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteDataSource;

/** The migrations of this build on a real SQLite file, and what readiness makes of the schema they leave. */
class DatabaseMigrationsTest {

    @TempDir
    Path directory;

    @Test
    void aFreshDatabaseIsMigratedToThisBuildsSchema() {
        SQLiteDataSource database = new SQLiteDataSource();
        database.setUrl("jdbc:sqlite:" + directory.resolve("fresh.db"));

        assertTrue(MigratedDatabase.migrate(database).isSchemaCurrent());
        assertTrue(MigratedDatabase.migrate(database).isSchemaCurrent(), "a second start finds nothing to do");
    }

    @Test
    void aSchemaThatANewerBuildMigratedFurtherIsNotCurrent() throws SQLException {
        SQLiteDataSource database = new SQLiteDataSource();
        database.setUrl("jdbc:sqlite:" + directory.resolve("newer.db"));
        MigratedDatabase.migrate(database);
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum, "
                    + "installed_by, execution_time, success) VALUES (1000, '999', 'from a newer build', 'SQL', "
                    + "'V999__from_a_newer_build.sql', 0, 'test', 0, 1)");
        }

        assertFalse(MigratedDatabase.migrate(database).isSchemaCurrent());
    }

    @Test
    void aDatabaseThatCannotBeReachedIsNotCurrent() {
        SQLiteDataSource database = new SQLiteDataSource();
        database.setUrl("jdbc:sqlite:" + directory.resolve("reachable.db"));
        DatabaseMigrations migrations = MigratedDatabase.migrate(database);
        SQLiteDataSource gone = new SQLiteDataSource();
        gone.setUrl("jdbc:sqlite:" + directory.resolve("no-such-directory").resolve("gone.db"));

        migrations.database = MigratedDatabase.over(gone);

        assertFalse(migrations.isSchemaCurrent());
    }
}
