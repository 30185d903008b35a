package io.snippetstore.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Read-only looks into the running service's SQLite file, for facts the API does not show
 * (rows left behind, bytes at rest). WAL mode lets these reads run beside the server's writes.
 */
public final class Database {

    private Database() {
    }

    public static Path file() {
        return Path.of(System.getProperty("snippets.dataDir")).resolve("snippets.db");
    }

    /** The single number a query such as {@code SELECT COUNT(*) ...} answers. */
    public static long number(String sql, Object... parameters) {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:file:" + file() + "?mode=ro");
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
}
