package io.snippetstore.storage.control;

import java.nio.file.Path;

import org.sqlite.SQLiteDataSource;

/** A real SQLite file with this build's schema, for tests of the SQL the components build. */
public final class MigratedDatabase {

    private MigratedDatabase() {}

    /** Creates {@code file} and brings it to this build's schema, as a start of the service does. */
    public static SQLiteDataSource create(Path file) {
        SQLiteDataSource dataSource = new SQLiteDataSource();
        dataSource.setUrl("jdbc:sqlite:" + file);
        migrate(dataSource);
        return dataSource;
    }

    /** Brings the database to this build's schema, as a start of the service does: the migrations that did it. */
    static DatabaseMigrations migrate(SQLiteDataSource dataSource) {
        DatabaseMigrations migrations = new DatabaseMigrations();
        migrations.dataSource = dataSource;
        migrations.database = over(dataSource);
        migrations.bringUpToDate();
        return migrations;
    }

    /** The service's one way to the database, over {@code dataSource}. */
    static Database over(SQLiteDataSource dataSource) {
        Database database = new Database();
        database.dataSource = dataSource;
        return database;
    }
}
