package io.snippetstore.storage.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import org.flywaydb.core.Flyway;
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
        try (Connection connection = database.getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum, "
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

    @Test
    void theRevisionsMigrationKeepsTheCurrentVersionOfEverySnippetPastItsFirstAsTheOwners() throws SQLException {
        SQLiteDataSource database = new SQLiteDataSource();
        database.setUrl("jdbc:sqlite:" + directory.resolve("revisions.db"));
        Flyway.configure()
                .dataSource(database)
                .locations("classpath:db/migration")
                .target("14")
                .load()
                .migrate();
        try (Connection connection = database.getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "INSERT INTO users (id, username, password_hash, role, created_at) VALUES ('u1', 'owner', 'x', 'user', 1)");
            statement.execute(
                    "INSERT INTO snippets (id, owner_id, title, title_sort, notes, language, code, created_at, updated_at, version)"
                            + " VALUES ('edited', 'u1', 'Edited', 'edited', 'some notes', 'sh', 'echo 3', 1, 300, 3),"
                            + " ('fresh', 'u1', 'Fresh', 'fresh', NULL, 'sh', 'echo 1', 2, 2, 1)");
            statement.execute(
                    "INSERT INTO snippet_tags (snippet_id, position, tag) VALUES ('edited', 0, 'b'), ('edited', 1, 'a')");
        }

        MigratedDatabase.migrate(database);

        List<String> rows = MigratedDatabase.over(database)
                .list(
                        "SELECT snippet_id, version, created_at, author_id, changed, tags, packing,"
                                + " CAST(notes AS TEXT), CAST(code AS TEXT), (SELECT trashed_at FROM snippets s WHERE s.id = r.snippet_id)"
                                + " FROM snippet_revisions r",
                        List.of(),
                        row -> String.join(
                                "|",
                                row.getString(1),
                                row.getString(2),
                                row.getString(3),
                                row.getString(4),
                                String.valueOf(row.getString(5)),
                                row.getString(6),
                                row.getString(7),
                                row.getString(8),
                                row.getString(9),
                                String.valueOf(row.getString(10))));
        assertEquals(
                List.of("edited|3|300|u1|null|[\"b\",\"a\"]|plain|some notes|echo 3|null"),
                rows,
                "a snippet still at version 1 is that version, kept with its first change");
    }

    @Test
    void theGroupsMigrationRevokesOnlyTheLinksThatOpenedNothingSoNobodyReadsMoreThanBefore() throws SQLException {
        SQLiteDataSource database = new SQLiteDataSource();
        database.setUrl("jdbc:sqlite:" + directory.resolve("sharing.db"));
        Flyway.configure()
                .dataSource(database)
                .locations("classpath:db/migration")
                .target("15")
                .load()
                .migrate();
        try (Connection connection = database.getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "INSERT INTO users (id, username, password_hash, role, created_at) VALUES ('u1', 'owner', 'x', 'user', 1)");
            statement.execute(
                    "INSERT INTO snippets (id, owner_id, title, title_sort, language, code, created_at, updated_at, version, visibility)"
                            + " VALUES ('linked', 'u1', 'L', 'l', 'sh', 'x', 1, 1, 1, 'link'), ('closed', 'u1', 'P', 'p', 'sh', 'x', 1, 1, 1, 'private'),"
                            + " ('team', 'u1', 'T', 't', 'sh', 'x', 1, 1, 1, 'team')");
            statement.execute(
                    "INSERT INTO share_links (id, snippet_id, secret_hash, created_at) VALUES ('l1', 'linked', 'h1', 1),"
                            + " ('l2', 'closed', 'h2', 1), ('l3', 'team', 'h3', 1)");
        }

        MigratedDatabase.migrate(database);

        Database migrated = MigratedDatabase.over(database);
        assertEquals(
                List.of("l1|linked", "l2|closed"),
                migrated.list(
                        "SELECT id, snippet_id FROM share_links ORDER BY id",
                        List.of(),
                        row -> row.getString(1) + "|" + row.getString(2)),
                "a link snippet's links open it as before, a private one's stay closed (private closes links), a team one's are revoked");
        assertEquals(
                List.of("owner|0|null"),
                migrated.list(
                        "SELECT username, password_temporary, subject FROM users",
                        List.of(),
                        row -> row.getString(1) + "|" + row.getInt(2) + "|" + row.getString(3)),
                "every account stays local, its password not temporary");
    }
}
