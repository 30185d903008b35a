package io.snippetstore.snippets.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.search.control.SearchMatch;
import io.snippetstore.storage.control.MigratedDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sqlite.SQLiteDataSource;

/**
 * SQLite's plan ({@code EXPLAIN QUERY PLAN}) for the list statements {@link SnippetListStatement}
 * builds for lists without a search (searches are the search index's), on a database of this
 * build's schema: a page walks the index of its order and stops when it is full, and no list
 * reads the whole snippets table.
 */
class SnippetListPlansTest {

    private static final String LAST_ID = "01a00000-0000-7000-8000-000000000000";

    @TempDir
    Path directory;

    private SQLiteDataSource database;

    @BeforeEach
    void migrate() {
        database = MigratedDatabase.create(directory.resolve("snippets.db"));
    }

    @ParameterizedTest
    @EnumSource(
            value = SnippetSort.class,
            names = {"UPDATED", "CREATED", "TITLE"})
    void aPageOfOnesOwnSnippetsWalksTheIndexOfItsOrderFromTheCursor(SnippetSort sort) throws SQLException {
        List<String> plan = plan(query(SnippetScope.OWN, "", Set.of(), sort), true);

        assertWalks(plan, "snippets_owner_" + column(sort));
        assertTrue(
                plan.stream().anyMatch(line -> line.contains("(" + keyColumn(sort) + ",id)")),
                "the cursor bounds the index search: " + plan);
    }

    @ParameterizedTest
    @EnumSource(
            value = SnippetSort.class,
            names = {"UPDATED", "CREATED", "TITLE"})
    void aPageOfTheTeamsSnippetsWalksTheVisibilityIndexOfItsOrder(SnippetSort sort) throws SQLException {
        assertWalks(plan(query(SnippetScope.TEAM, "", Set.of(), sort), false), "snippets_visibility_" + column(sort));
    }

    @ParameterizedTest
    @EnumSource(SnippetScope.class)
    void aSearchsPageReadsEachHitByItsKeyAndNothingElse(SnippetScope scope) throws SQLException {
        List<String> plan = plan(
                SnippetListStatement.ofHits("caller", scope, List.of(LAST_ID, "01a00000-0000-7000-8000-000000000001")));

        assertTrue(
                plan.stream().anyMatch(line -> line.startsWith("SCAN hit") || line.startsWith("SCAN json_each")),
                plan.toString());
        assertTrue(
                plan.stream()
                        .anyMatch(line ->
                                line.matches("SEARCH s USING INDEX sqlite_autoindex_snippets_\\d \\(id=\\?\\)")),
                "each hit by its key: " + plan);
        assertFalse(
                plan.stream()
                        .anyMatch(line -> line.contains("snippets_owner_") || line.contains("snippets_visibility_")),
                "never an owner's or visibility's index: " + plan);
        assertNoWholeTable(plan);
    }

    @Test
    void aTagFilterIsCheckedThroughTheTagIndexWhileTheOrderIsWalked() throws SQLException {
        List<String> plan = plan(query(SnippetScope.OWN, "", Set.of("cache-web"), SnippetSort.UPDATED), false);

        assertWalks(plan, "snippets_owner_updated");
        assertTrue(
                plan.stream()
                        .anyMatch(line -> line.startsWith("SEARCH t EXISTS USING COVERING INDEX snippet_tags_tag")),
                plan.toString());
    }

    @Test
    void aFilterOfSeveralLanguagesIsCheckedOnEachRowWhileTheOrderIsWalked() throws SQLException {
        SnippetQuery query = new SnippetQuery(
                SnippetScope.OWN,
                SearchTerms.parse(""),
                Set.of(),
                Set.of("js", "JavaScript"),
                Optional.empty(),
                SnippetSort.UPDATED,
                50,
                Optional.empty(),
                false,
                SearchMatch.WORDS,
                Optional.empty(),
                false);

        assertWalks(plan(query, true), "snippets_owner_updated");
    }

    private static SnippetQuery query(SnippetScope scope, String search, Set<String> tags, SnippetSort sort) {
        return new SnippetQuery(
                scope,
                SearchTerms.parse(search),
                tags,
                Set.of(),
                Optional.empty(),
                sort,
                50,
                Optional.empty(),
                false,
                SearchMatch.WORDS,
                Optional.empty(),
                false);
    }

    /** How the order's indexes are named: snippets_owner_updated, snippets_visibility_title, ... */
    private static String column(SnippetSort sort) {
        return sort.apiName();
    }

    private static String keyColumn(SnippetSort sort) {
        return switch (sort) {
            case UPDATED -> "updated_at";
            case CREATED -> "created_at";
            case TITLE -> "title_sort";
            case RELEVANCE -> throw new IllegalArgumentException("relevance is the search index's order");
        };
    }

    /** The plan of the page's statement, after a previous page's last row when {@code afterCursor}. */
    private List<String> plan(SnippetQuery query, boolean afterCursor) throws SQLException {
        SnippetOrder order = SnippetOrder.of(query.sort());
        Object key = order.keyParameter(
                switch (order) {
                    case UPDATED, CREATED -> "1700000000000";
                    case TITLE -> "m";
                });
        return plan(SnippetListStatement.of(
                "caller",
                query,
                Set.of(),
                SnippetListStatement.Pins.of(query.scope()),
                afterCursor ? Optional.of(List.of(key, LAST_ID)) : Optional.empty()));
    }

    private List<String> plan(SnippetListStatement statement) throws SQLException {
        List<String> plan = new ArrayList<>();
        try (Connection connection = database.getConnection();
                PreparedStatement explain = connection.prepareStatement("EXPLAIN QUERY PLAN " + statement.sql())) {
            for (int i = 0; i < statement.parameters().size(); i++) {
                explain.setObject(i + 1, statement.parameters().get(i));
            }
            try (ResultSet row = explain.executeQuery()) {
                while (row.next()) {
                    plan.add(row.getString("detail"));
                }
            }
        }
        return plan;
    }

    /** The page's keys come from {@code index} in the order's direction: no sorting of every match before the page is cut. */
    private static void assertWalks(List<String> plan, String index) {
        assertTrue(
                plan.stream().anyMatch(line -> line.startsWith("SEARCH s USING INDEX " + index + " ")),
                "walks " + index + ": " + plan);
        assertFalse(plan.contains("USE TEMP B-TREE FOR ORDER BY"), "sorts the matches: " + plan);
        assertNoWholeTable(plan);
    }

    /** No scan of the snippets table itself ({@code SCAN s} is a scan of the subquery only where {@code s} names one). */
    private static void assertNoWholeTable(List<String> plan) {
        boolean subqueryNamedS = plan.contains("CO-ROUTINE s");
        assertFalse(
                plan.stream()
                        .anyMatch(line -> line.startsWith("SCAN s USING") || line.equals("SCAN s") && !subqueryNamedS),
                "reads the whole table: " + plan);
    }
}
