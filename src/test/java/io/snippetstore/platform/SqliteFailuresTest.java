package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;

class SqliteFailuresTest {

    private static RuntimeException wrapped(Throwable cause) {
        return new IllegalStateException("Transaction aborted", new RuntimeException("rolled back", cause));
    }

    @Test
    void aStaleSnapshotIsToldThroughTheContainersWrappingAndIsAlsoUnavailability() {
        RuntimeException stale = wrapped(new SQLException(
                "[SQLITE_BUSY_SNAPSHOT] Another database connection has already written to the database", null, 517));

        assertTrue(SqliteFailures.isStaleSnapshot(stale));
        assertTrue(SqliteFailures.isUnavailable(stale));
    }

    @Test
    void otherBusyOrFullDatabasesAreUnavailableButNoStaleSnapshot() {
        for (RuntimeException failure : new RuntimeException[] {
            wrapped(new SQLException("[SQLITE_BUSY] The database file is locked (database is locked)", null, 5)),
            wrapped(new IllegalStateException("[SQLITE_FULL] Insertion failed because database is full")),
        }) {
            assertFalse(SqliteFailures.isStaleSnapshot(failure), failure::toString);
            assertTrue(SqliteFailures.isUnavailable(failure), failure::toString);
        }
    }

    @Test
    void aFailureOutsideTheDatabaseIsNeither() {
        RuntimeException other = wrapped(new IllegalArgumentException("no such snippet"));

        assertFalse(SqliteFailures.isStaleSnapshot(other));
        assertFalse(SqliteFailures.isUnavailable(other));
    }
}
