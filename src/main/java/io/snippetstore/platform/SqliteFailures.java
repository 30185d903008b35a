package io.snippetstore.platform;

import java.sql.SQLException;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * SQLite's failures, told by result code or by name, not by the driver's exception class, which a
 * server may load in another class loader than the application's; and through whatever the
 * container wrapped them in.
 */
public final class SqliteFailures {

    /** The primary result codes for "cannot take this now": BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN. */
    private static final Set<Integer> UNAVAILABLE_RESULT_CODES = Set.of(5, 6, 8, 10, 13, 14);

    /** The same codes by name, as a transaction manager's exception repeats the driver's message without its cause. */
    private static final Pattern UNAVAILABLE_IN_MESSAGE =
            Pattern.compile("\\[SQLITE_(BUSY|LOCKED|READONLY|IOERR|FULL|CANTOPEN)(_[A-Z_]+)?]");

    private static final String STALE_SNAPSHOT_IN_MESSAGE = "[SQLITE_BUSY_SNAPSHOT]";

    private SqliteFailures() {}

    /** Whether the database could not take the request now (busy, locked, full, read-only, unreachable). */
    public static boolean isUnavailable(Throwable failure) {
        return UnexpectedExceptionMapper.causes(failure).anyMatch(SqliteFailures::isUnavailableCause);
    }

    /**
     * Whether a transaction tried to write on a read snapshot that another connection's commit had
     * made stale ({@code SQLITE_BUSY_SNAPSHOT}): waiting cannot help, but the transaction, rolled
     * back whole, can run again on a fresh snapshot (sqlite.org/rescode.html#busy_snapshot).
     */
    public static boolean isStaleSnapshot(Throwable failure) {
        return UnexpectedExceptionMapper.causes(failure)
                .anyMatch(cause ->
                        cause.getMessage() != null && cause.getMessage().contains(STALE_SNAPSHOT_IN_MESSAGE));
    }

    private static boolean isUnavailableCause(Throwable cause) {
        if (cause instanceof SQLException sql
                && sql.getMessage() != null
                && sql.getMessage().startsWith("[SQLITE_")
                && UNAVAILABLE_RESULT_CODES.contains(sql.getErrorCode() & 0xff)) {
            return true;
        }
        return cause.getMessage() != null
                && UNAVAILABLE_IN_MESSAGE.matcher(cause.getMessage()).find();
    }
}
