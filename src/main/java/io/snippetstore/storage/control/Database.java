package io.snippetstore.storage.control;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.sql.DataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * The database as native SQL reaches it, beside JPA. Entities and their JPQL queries are the
 * rule; SQL through this class is for what JPA cannot say: triggers' logs, row values for keyset
 * pages, tags read with their snippet in one statement, PRAGMAs. Each call takes a
 * connection from the container's pool for one statement and gives it back; inside a transaction
 * the container hands out the transaction's own connection.
 */
@ApplicationScoped
public class Database {

    /** The container's pooled SQLite data source, declared by {@link DatabaseMigrations}; persistence.xml names it too. */
    public static final String DATA_SOURCE_NAME = "java:app/jdbc/snippets";

    /** Reads one row of a result into a value. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    @Resource(lookup = DATA_SOURCE_NAME)
    DataSource dataSource;

    @Resource
    TransactionSynchronizationRegistry transactions;

    /** Every row of a query, read in order. Parameters are bound in order with {@code setObject}. */
    public <T> List<T> list(String sql, List<?> parameters, RowReader<T> reader) {
        return listUntil(sql, parameters, reader, rows -> false);
    }

    /**
     * The rows of a query, read in order until {@code enough} holds for the rows read so far (it is
     * asked after each row): the rest is never read, so never held in memory.
     */
    public <T> List<T> listUntil(String sql, List<?> parameters, RowReader<T> reader, Predicate<List<T>> enough) {
        try (Connection connection = connection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.size(); i++) {
                statement.setObject(i + 1, parameters.get(i));
            }
            List<T> rows = new ArrayList<>();
            try (ResultSet result = statement.executeQuery()) {
                while (!enough.test(rows) && result.next()) {
                    rows.add(reader.read(result));
                }
            }
            return rows;
        } catch (SQLException e) {
            // the cause keeps SQLite's result code, by which a busy or full database is answered 503
            throw new IllegalStateException("A database query failed", e);
        }
    }

    /**
     * Writes a consistent copy of the whole database to {@code target} ({@code VACUUM INTO}), in a
     * read transaction: writers go on meanwhile. On a pooled connection, never one opened here: on
     * Open Liberty the pool's driver is another copy of SQLite (a shared library's), and two copies
     * in one process release each other's file locks, which corrupts the database.
     */
    public void copyTo(Path target) {
        try (Connection connection = connection();
                PreparedStatement vacuum = connection.prepareStatement("VACUUM INTO ?")) {
            vacuum.setString(1, target.toString());
            vacuum.execute();
        } catch (SQLException e) {
            throw new IllegalStateException("The database could not be copied", e);
        }
    }

    /**
     * Replaces the whole database with the content of {@code file}, page by page through SQLite's
     * online backup interface, in one write transaction: readers see the old database or the new,
     * never a mix. On a pooled connection, as {@link #copyTo}; the caller holds the {@link WriteGate}.
     */
    public void replaceWith(Path file) {
        // sqlite-jdbc's statement for the online backup interface: the pools' wrappers unwrap to
        // interfaces only, so the driver's restore method is out of reach
        String path = file.toString();
        String quoted = path.contains("'") ? '"' + path + '"' : "'" + path + "'";
        try (Connection connection = connection();
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("restore from " + quoted);
        } catch (SQLException e) {
            throw new IllegalStateException("The database could not be restored", e);
        }
    }

    /**
     * A pooled connection; outside a transaction, one that commits each statement by itself. A
     * transaction whose commit failed (a full disk) ends with its connection still in manual
     * commit on Payara: its pool turns autocommit back on only after a successful commit. Used
     * so, the connection would run every later statement of its users inside one transaction they
     * never began: {@code VACUUM INTO} refused, reads held on an old snapshot.
     */
    private Connection connection() throws SQLException {
        Connection connection = dataSource.getConnection();
        try {
            if (!connection.getAutoCommit() && transactions.getTransactionStatus() == Status.STATUS_NO_TRANSACTION) {
                connection.setAutoCommit(true); // ends the transaction left open
            }
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** Runs one statement that changes rows: how many. Parameters as in {@link #list}. */
    public int update(String sql, List<?> parameters) {
        try (Connection connection = connection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.size(); i++) {
                statement.setObject(i + 1, parameters.get(i));
            }
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("A database update failed", e);
        }
    }

    /** The first row of a query, if there is one (and it does not read as {@code null}). */
    public <T> Optional<T> first(String sql, List<?> parameters, RowReader<T> reader) {
        List<T> rows = list(sql, parameters, reader);
        return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(rows.get(0));
    }
}
