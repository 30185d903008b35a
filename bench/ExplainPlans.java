import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

/**
 * Prints SQLite's EXPLAIN QUERY PLAN for the shapes of the snippet queries (as SnippetListStatement
 * builds them), against a database file, so that every list order can be seen to read its index.
 *
 * Usage: bench/explain.sh DATABASE_FILE
 */
public class ExplainPlans {

    static final String TAGS = "(SELECT json_group_array(t.tag ORDER BY t.position) FROM snippet_tags t WHERE t.snippet_id = s.id)";

    public static void main(String[] args) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:file:" + args[0] + "?mode=ro")) {
            String owner;
            try (ResultSet row = db.createStatement().executeQuery("SELECT owner_id FROM snippets LIMIT 1")) {
                row.next();
                owner = row.getString(1);
            }
            explain(db, "get by id", "SELECT s.id, " + TAGS + " FROM snippets s WHERE s.id = ? AND s.owner_id = ?", "x", owner);
            explain(db, "page, newest change first, after a cursor",
                    "SELECT s.seq FROM snippets s WHERE s.owner_id = ? AND (s.updated_at, s.id) < (?, ?) ORDER BY s.updated_at DESC, s.id DESC LIMIT 51",
                    owner, Long.MAX_VALUE, "z");
            explain(db, "page, newest first", "SELECT s.seq FROM snippets s WHERE s.owner_id = ? ORDER BY s.created_at DESC, s.id DESC LIMIT 51", owner);
            explain(db, "page, title A-Z", "SELECT s.seq FROM snippets s WHERE s.owner_id = ? ORDER BY s.title_sort ASC, s.id ASC LIMIT 51", owner);
            explain(db, "tag filter",
                    "SELECT s.seq FROM snippets s WHERE s.owner_id = ? AND EXISTS (SELECT 1 FROM snippet_tags t WHERE t.snippet_id = s.id AND t.tag = ?) "
                            + "ORDER BY s.updated_at DESC, s.id DESC LIMIT 51", owner, "cache-web");
            explain(db, "search by relevance",
                    "WITH hits(seq, score) AS MATERIALIZED (SELECT rowid, bm25(snippets_fts) FROM snippets_fts WHERE snippets_fts MATCH ?) "
                            + "SELECT s.seq FROM hits h CROSS JOIN snippets s ON s.seq = h.seq WHERE s.owner_id = ? ORDER BY h.score, s.id LIMIT 51",
                    "\"quokkazanzibar\"", owner);
            explain(db, "common term, newest change first (row by row)",
                    "SELECT s.seq FROM snippets s WHERE s.owner_id = ? AND (instr(lower(s.title), ?) > 0 OR instr(lower(s.code), ?) > 0) "
                            + "ORDER BY s.updated_at DESC, s.id DESC LIMIT 51", owner, "return", "return");
            explain(db, "token look-up", "SELECT t.id, u.id FROM api_tokens t, users u WHERE t.token_hash = ? AND u.id = t.user_id", "x");
        }
    }

    static void explain(Connection db, String name, String sql, Object... parameters) throws Exception {
        System.out.println("-- " + name);
        try (PreparedStatement statement = db.prepareStatement("EXPLAIN QUERY PLAN " + sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    System.out.println("   " + row.getString("detail"));
                }
            }
        }
    }
}
