package io.snippetstore.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Looks into the running service's SQLite file, for facts the API does not show (rows left
 * behind, bytes at rest), and {@link #age} for moving a row's expiry into the past instead of
 * waiting for it. WAL mode lets these run beside the server's own reads and writes.
 */
public final class Database {

    private Database() {}

    public static Path file() {
        return Path.of(System.getProperty("snippets.dataDir")).resolve("snippets.db");
    }

    /** The single number a query such as {@code SELECT COUNT(*) ...} answers. */
    public static long number(String sql, Object... parameters) {
        return number(file(), sql, parameters);
    }

    /** The single number a query answers from the database file of a server of a test's own. */
    public static long number(Path file, String sql, Object... parameters) {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:file:" + file + "?mode=ro");
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs one statement that changes rows: to leave what a crash would have left. */
    public static void change(String sql, Object... parameters) {
        change(file(), sql, parameters);
    }

    /** Runs one statement that changes rows of another database file: a server's of a test's own, a backup. */
    public static void change(Path file, String sql, Object... parameters) {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                PreparedStatement statement = connection.prepareStatement(sql)) {
            connection.createStatement().execute("PRAGMA busy_timeout = 30000");
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sets {@code column} of the row of {@code table} whose {@code key} is {@code value} to a moment already past. */
    public static void age(String table, String column, String key, String value) {
        age(table, column, key, value, Duration.ofSeconds(1));
    }

    /** Sets {@code column} (epoch milliseconds) of the row of {@code table} whose {@code key} is {@code value} to {@code ago} before now. */
    public static void age(String table, String column, String key, String value, Duration ago) {
        String sql = "UPDATE " + table + " SET " + column + " = ? WHERE " + key + " = ?";
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file());
                PreparedStatement statement = connection.prepareStatement(sql)) {
            connection.createStatement().execute("PRAGMA busy_timeout = 30000");
            statement.setLong(1, System.currentTimeMillis() - ago.toMillis());
            statement.setString(2, value);
            if (statement.executeUpdate() != 1) {
                throw new IllegalStateException("No row of " + table + " has " + key + " = " + value);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
