package io.snippetstore.storage.control;

import org.eclipse.persistence.internal.databaseaccess.DatabaseCall;
import org.eclipse.persistence.internal.expressions.ExpressionSQLPrinter;
import org.eclipse.persistence.internal.expressions.SQLSelectStatement;
import org.eclipse.persistence.platform.database.DatabasePlatform;

/**
 * EclipseLink does not know SQLite and its generic platform pages by skipping rows in JDBC.
 * This platform pushes {@code setMaxResults}/{@code setFirstResult} into the SQL as
 * {@code LIMIT ? OFFSET ?}. Named by {@code eclipselink.target-database} in persistence.xml.
 */
public class SQLitePlatform extends DatabasePlatform {

    @Override
    public void printSQLSelectStatement(DatabaseCall call, ExpressionSQLPrinter printer, SQLSelectStatement statement) {
        int maxRows = statement.getQuery() == null ? 0 : statement.getQuery().getMaxRows();
        if (maxRows <= 0 || !shouldUseRownumFiltering()) {
            super.printSQLSelectStatement(call, printer, statement);
            return;
        }
        statement.setUseUniqueFieldAliases(true);
        call.setFields(statement.printSQL(printer));
        printer.printString(" LIMIT ");
        printer.printParameter(DatabaseCall.MAXROW_FIELD);
        printer.printString(" OFFSET ");
        printer.printParameter(DatabaseCall.FIRSTRESULT_FIELD);
        call.setIgnoreFirstRowSetting(true);
        call.setIgnoreMaxResultsSetting(true);
    }

    /** EclipseLink hands the platform the last row wanted; {@code LIMIT} wants a count. */
    @Override
    public int computeMaxRowsForSQL(int firstResultIndex, int maxResults) {
        return maxResults - Math.max(firstResultIndex, 0);
    }

    @Override
    public boolean supportsForeignKeyConstraints() {
        return true;
    }
}
