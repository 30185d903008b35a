package io.snippetstore.storage.control;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.output.MigrateResult;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * Brings the schema up to date with the versioned scripts in {@code db/migration} before the
 * application serves anything: a {@code @Startup} singleton completes its {@code @PostConstruct}
 * before the deployment finishes.
 */
@DataSourceDefinition(
        name = Database.DATA_SOURCE_NAME,
        className = "io.snippetstore.storage.control.StoreDataSource",
        initialPoolSize = 2,
        minPoolSize = 2,
        maxPoolSize = 8,
        maxIdleTime = 300,
        // No statement cache: a statement that a pool keeps (Open Liberty's cache did) may stay in
        // progress in SQLite, which then refuses VACUUM INTO and a restore on that connection.
        maxStatements = 0,
        // WildFly refuses a definition without properties. StoreDataSource sets WAL (and every
        // other setting) itself: not every server applies every property through the driver's
        // setters (WildFly did not apply enforceForeignKeys), so this one only repeats it.
        properties = {"journalMode=WAL"})
@Singleton
@Startup
@Lock(LockType.READ)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class DatabaseMigrations {

    private static final Logger LOG = Logger.getLogger(DatabaseMigrations.class.getName());

    /** Flyway's connections: the data source itself, not the {@link Database} helper, which is a CDI proxy. */
    @Resource(lookup = Database.DATA_SOURCE_NAME)
    DataSource dataSource;

    @Inject
    Database database;

    private volatile String targetVersion;

    @PostConstruct
    void migrateAtStart() {
        bringUpToDate();
    }

    /** Applies the migrations the database lacks: at start, and after a restore of an older backup. */
    public void bringUpToDate() {
        Flyway flyway = Flyway.configure(DatabaseMigrations.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .failOnMissingLocations(true)
                .load();
        MigrateResult result = flyway.migrate();
        MigrationInfoService migrations = flyway.info();
        // this build's newest migration; a newer build's (a "future" one in the database) is not among them
        targetVersion = Arrays.stream(migrations.all())
                .filter(migration -> migration.getState().isResolved() && migration.getVersion() != null)
                .map(MigrationInfo::getVersion)
                .max(Comparator.naturalOrder())
                .map(MigrationVersion::getVersion)
                .orElse(null);
        String applied = migrations.current().getVersion().getVersion();
        if (!applied.equals(targetVersion)) {
            LOG.severe(
                    () -> "The database schema is at version " + applied + ", newer than this build's " + targetVersion
                            + ": a newer build migrated it. This build reports itself not ready; run the newer build.");
        } else {
            LOG.info(() -> "Database schema at version " + applied + " (" + result.migrationsExecuted
                    + " migrations applied now)");
        }
    }

    /**
     * Brings a database file that is not in use to this build's schema: a restore's, before it
     * replaces the database, so that no reader ever meets the tables of an older version (a reader
     * between the replacement and its migration failed with "no such table").
     */
    public void bringUpToDate(Path file) {
        SQLiteConfig config = new SQLiteConfig();
        config.enforceForeignKeys(true); // as the service's own connections
        SQLiteDataSource source = new SQLiteDataSource(config);
        source.setUrl("jdbc:sqlite:" + file);
        MigrateResult result = Flyway.configure(DatabaseMigrations.class.getClassLoader())
                .dataSource(source)
                .locations("classpath:db/migration")
                .failOnMissingLocations(true)
                .load()
                .migrate();
        LOG.info(() -> "Migrated a database to restore to version " + result.targetSchemaVersion + " ("
                + result.migrationsExecuted + " migrations)");
    }

    /** This build's newest schema version. */
    public String targetVersion() {
        return targetVersion;
    }

    /**
     * Whether the database answers and its schema is the one this build expects: a real query
     * against the migration history. A schema that a newer build migrated further is not.
     */
    public boolean isSchemaCurrent() {
        if (targetVersion == null) {
            return false;
        }
        return appliedVersion().filter(targetVersion::equals).isPresent();
    }

    private Optional<String> appliedVersion() {
        try {
            return database.first(
                    "SELECT version FROM flyway_schema_history WHERE success = 1 AND version IS NOT NULL "
                            + "ORDER BY installed_rank DESC LIMIT 1",
                    List.of(),
                    row -> row.getString(1));
        } catch (IllegalStateException e) {
            LOG.warning(() -> "Readiness query failed: " + e.getCause());
            return Optional.empty();
        }
    }
}
