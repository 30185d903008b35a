package io.snippetstore.storage.control;

import java.sql.SQLException;
import java.util.Properties;

import org.sqlite.jdbc4.JDBC4Connection;

/**
 * A SQLite connection that stays in step with its transaction after a failed write. On some
 * errors (a full disk, an I/O error) SQLite rolls the transaction back by itself. sqlite-jdbc does
 * not notice: its next rollback or commit fails with "no transaction is active" before it begins
 * the next transaction, and from then on every statement on that pooled connection would commit
 * on its own, while each commit fails. Here a rollback of a transaction SQLite already ended
 * succeeds, and after a failed commit the transaction is ended and a new one begun, so the
 * connection is usable, and atomic, again.
 */
final class TransactionSafeConnection extends JDBC4Connection {

    private static final String ALREADY_ENDED = "no transaction is active";

    TransactionSafeConnection(String url, String fileName, Properties properties) throws SQLException {
        super(url, fileName, properties);
    }

    @Override
    public void rollback() throws SQLException {
        try {
            super.rollback();
        } catch (SQLException e) {
            if (e.getMessage() == null || !e.getMessage().contains(ALREADY_ENDED)) {
                throw e;
            }
            beginAgain();
        }
    }

    /** A failed commit committed nothing; the failure is still reported, on a connection ready for the next transaction. */
    @Override
    public void commit() throws SQLException {
        try {
            super.commit();
        } catch (SQLException e) {
            try {
                getDatabase().exec("rollback;", false);
            } catch (SQLException alreadyEnded) {
                e.addSuppressed(alreadyEnded);
            }
            beginAgain();
            throw e;
        }
    }

    private void beginAgain() throws SQLException {
        if (!getAutoCommit()) {
            getDatabase().exec(transactionPrefix(), false);
        }
    }
}
