package io.snippetstore.snippets.control;

import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import io.snippetstore.snippets.entity.SnippetFields;
import io.snippetstore.storage.control.DatabaseMigrations;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.snippetstore.platform.JsonP;
import jakarta.json.JsonString;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The snippet reads, in SQL, because JPA cannot say FTS5 MATCH, the application's text functions
 * ({@link io.snippetstore.storage.control.TextFunctions}) or row values: one statement per page
 * that returns each snippet with its tags (no N+1), read off the index of its order.
 */
@ApplicationScoped
public class SnippetQueries {

    private static final String COLUMNS = "s.id, s.title, s.description, s.notes, s.language, s.code, s.created_at, "
            + "s.updated_at, s.version, s.attachment_count, s.title_sort, "
            + "(SELECT json_group_array(t.tag ORDER BY t.position) FROM snippet_tags t WHERE t.snippet_id = s.id) AS tags";

    /** Case-insensitive substring test of one short term over the searchable columns. */
    private static final String SCANNED_TERM = " AND text_contains(?, s.title, s.description, s.notes, s.code, s.language)";

    /**
     * The relevance of a snippet to the search: its own columns with their weights (a title
     * match counts most) and typical lengths, nothing from other snippets, so that a score, and a
     * cursor holding one, stays valid whatever other users write.
     */
    private static final String RELEVANCE = "text_score(?, 5.0, 40, s.title, 2.0, 200, s.description, 1.0, 400, s.notes, "
            + "1.0, 800, s.code, 2.0, 12, s.language)";

    @Resource(lookup = DatabaseMigrations.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    CursorCodec cursors;

    /** Above this many possible matches, date and title orders check terms row by row instead of using the index. */
    @Inject
    @ConfigProperty(name = "SNIPPETS_SEARCH_SCAN_FIRST_ABOVE")
    long scanFirstAbove;

    public Optional<SnippetData> find(String ownerId, String id) {
        String sql = "SELECT " + COLUMNS + " FROM snippets s WHERE s.id = ? AND s.owner_id = ?";
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, id);
            statement.setString(2, ownerId);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(snippet(rows)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Reading a snippet failed", e);
        }
    }

    public SnippetPage list(String ownerId, SnippetQuery query) {
        List<Object> parameters = new ArrayList<>();
        // First the page: only keys pass through filters, sort and limit. Then the columns and
        // tags of just those rows, so that no wide row or tag aggregate is computed for a non-match.
        StringBuilder sql = new StringBuilder("WITH ");
        SearchTerms terms = plan(query);
        boolean searched = !terms.indexed().isEmpty();
        if (searched) {
            // The trigram index finds the candidates before anything else.
            sql.append("hits(seq) AS MATERIALIZED (SELECT rowid FROM snippets_fts WHERE snippets_fts MATCH ?), ");
            parameters.add(terms.matchExpression());
        }
        boolean ranked = query.sort() == SnippetSort.RELEVANCE;
        String score = ranked ? RELEVANCE : "0.0";
        sql.append("page AS (SELECT s.seq, s.id, s.updated_at, s.created_at, s.title_sort, ").append(score).append(" AS score ")
                .append(searched ? "FROM hits h CROSS JOIN snippets s ON s.seq = h.seq" : "FROM snippets s")
                .append(" WHERE s.owner_id = ?");
        if (ranked) {
            parameters.add(String.join("\n", query.terms().all()));
        }
        parameters.add(ownerId);
        for (String term : terms.scanned()) {
            sql.append(SCANNED_TERM);
            parameters.add(term);
        }
        for (String tag : query.tags()) {
            sql.append(" AND EXISTS (SELECT 1 FROM snippet_tags t WHERE t.snippet_id = s.id AND t.tag = ?)");
            parameters.add(tag);
        }
        if (query.language() != null) {
            sql.append(" AND s.language = ? COLLATE NOCASE");
            parameters.add(query.language());
        }
        SortSql order = SortSql.of(query.sort());
        if (query.cursor() != null) {
            List<String> position = cursors.decode(query.cursor(), query.fingerprint(), 2);
            sql.append(" AND ").append(order.after(score));
            if (ranked) {
                parameters.add(String.join("\n", query.terms().all()));
            }
            parameters.add(order.keyParameter(position.get(0)));
            parameters.add(position.get(1));
        }
        sql.append(" ORDER BY ").append(order.orderBy("s", "score")).append(" LIMIT ?) ");
        parameters.add(query.limit() + 1);
        sql.append("SELECT ").append(COLUMNS).append(", p.score AS score FROM page p CROSS JOIN snippets s ON s.seq = p.seq ORDER BY ")
                .append(order.orderBy("p", score));

        List<Row> rows = run(sql.toString(), parameters);
        boolean more = rows.size() > query.limit();
        List<Row> page = more ? rows.subList(0, query.limit()) : rows;
        String next = null;
        if (more) {
            Row last = page.get(page.size() - 1);
            next = cursors.encode(query.fingerprint(), List.of(order.keyOf(last), last.snippet().id()));
        }
        return new SnippetPage(page.stream().map(Row::snippet).toList(), next, query.limit());
    }

    /**
     * How to run a search. Selective terms go to the trigram index, which hands back their few
     * matches. A term so common that it matches most snippets would make the index hand back (and
     * the query sort) nearly everything; for the date and title orders such terms are instead
     * checked row by row while walking the order's index, which stops as soon as the page is full.
     * Relevance needs the score of every match, so it always uses the index.
     */
    private SearchTerms plan(SnippetQuery query) {
        SearchTerms terms = query.terms();
        if (terms.indexed().isEmpty() || query.sort() == SnippetSort.RELEVANCE) {
            return terms;
        }
        return estimatedMatches(terms.indexed()) > scanFirstAbove ? terms.allScanned() : terms;
    }

    /** At most how many snippets the least frequent of these terms can be in (from per-trigram document counts). */
    private long estimatedMatches(List<String> indexedTerms) {
        long estimate = Long.MAX_VALUE;
        for (String term : indexedTerms) {
            List<String> trigrams = SearchTerms.trigrams(term);
            String sql = "SELECT count(*), coalesce(min(doc), 0) FROM snippets_fts_terms WHERE term IN ("
                    + String.join(", ", java.util.Collections.nCopies(trigrams.size(), "?")) + ")";
            try (Connection connection = dataSource.getConnection();
                 PreparedStatement statement = connection.prepareStatement(sql)) {
                for (int i = 0; i < trigrams.size(); i++) {
                    statement.setString(i + 1, trigrams.get(i));
                }
                try (ResultSet row = statement.executeQuery()) {
                    row.next();
                    long termEstimate = row.getInt(1) < trigrams.size() ? 0 : row.getLong(2);
                    estimate = Math.min(estimate, termEstimate);
                }
            } catch (SQLException e) {
                throw new IllegalStateException("Reading search term statistics failed", e);
            }
        }
        return estimate;
    }

    private List<Row> run(String sql, List<Object> parameters) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.size(); i++) {
                statement.setObject(i + 1, parameters.get(i));
            }
            List<Row> rows = new ArrayList<>();
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    rows.add(new Row(snippet(result), result.getString("title_sort"), result.getDouble("score")));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("Listing snippets failed", e);
        }
    }

    private static SnippetData snippet(ResultSet row) throws SQLException {
        List<String> tags = JsonP.PROVIDER.createReader(new StringReader(row.getString("tags"))).readArray()
                .getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
        SnippetFields fields = new SnippetFields(row.getString("title"), row.getString("description"), row.getString("notes"),
                row.getString("language"), row.getString("code"), tags);
        return new SnippetData(row.getString("id"), fields, Instant.ofEpochMilli(row.getLong("created_at")),
                Instant.ofEpochMilli(row.getLong("updated_at")), row.getLong("version"), row.getInt("attachment_count"));
    }

    private record Row(SnippetData snippet, String titleSort, double score) {
    }

    /** Per order: the ORDER BY, the keyset condition "after this position", and the position's key. */
    private enum SortSql {
        UPDATED("%1$s.updated_at DESC, %1$s.id DESC", "(s.updated_at, s.id) < (?, ?)"),
        CREATED("%1$s.created_at DESC, %1$s.id DESC", "(s.created_at, s.id) < (?, ?)"),
        TITLE("%1$s.title_sort ASC, %1$s.id ASC", "(s.title_sort, s.id) > (?, ?)"),
        RELEVANCE("%1$s.score ASC, %1$s.id ASC", "(%2$s, s.id) > (?, ?)");

        private final String orderBy;
        private final String after;

        SortSql(String orderBy, String after) {
            this.orderBy = orderBy;
            this.after = after;
        }

        static SortSql of(SnippetSort sort) {
            return valueOf(sort.name());
        }

        /** The ORDER BY over the columns of {@code alias}; inside the page, the score is {@code score}'s expression. */
        String orderBy(String alias, String score) {
            return this == RELEVANCE && alias.equals("s") ? score + " ASC, s.id ASC" : orderBy.formatted(alias);
        }

        String after(String score) {
            return after.formatted("", score);
        }

        String keyOf(Row row) {
            return switch (this) {
                case UPDATED -> Long.toString(row.snippet().updatedAt().toEpochMilli());
                case CREATED -> Long.toString(row.snippet().createdAt().toEpochMilli());
                case TITLE -> row.titleSort();
                case RELEVANCE -> Long.toHexString(Double.doubleToRawLongBits(row.score()));
            };
        }

        Object keyParameter(String key) {
            try {
                return switch (this) {
                    case UPDATED, CREATED -> Long.parseLong(key);
                    case TITLE -> key;
                    case RELEVANCE -> Double.longBitsToDouble(Long.parseUnsignedLong(key, 16));
                };
            } catch (NumberFormatException e) {
                throw new IllegalStateException("A signed cursor holds a malformed key", e);
            }
        }
    }
}
