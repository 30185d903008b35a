package io.snippetstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The walls of {@link CodeLayoutTest}, in SQL too: a component's native SQL names only the tables
 * it owns, and the few crossings declared here with their reason. Every table the migrations
 * create has one owner, so a new table must be placed here.
 */
class SqlWallsTest {

    private static final Path SOURCES = Path.of("src/main/java/io/snippetstore");
    private static final Path MIGRATIONS = Path.of("src/main/resources/db/migration");

    /** Each table and the component whose entities, migrations and SQL keep it. */
    private static final Map<String, String> OWNERS = Map.ofEntries(
            Map.entry("users", "auth"),
            Map.entry("api_tokens", "auth"),
            Map.entry("login_codes", "auth"),
            Map.entry("user_sessions", "auth"),
            Map.entry("ended_credentials", "auth"),
            Map.entry("device_logins", "auth"),
            Map.entry("snippets", "snippets"),
            Map.entry("snippet_tags", "snippets"),
            Map.entry("snippet_revisions", "snippets"),
            Map.entry("snippet_groups", "snippets"),
            Map.entry("share_links", "snippets"),
            Map.entry("collections", "snippets"),
            Map.entry("collection_snippets", "snippets"),
            Map.entry("collection_groups", "snippets"),
            Map.entry("collection_links", "snippets"),
            Map.entry("snippet_stars", "snippets"),
            Map.entry("service_keys", "snippets"),
            Map.entry("user_groups", "groups"),
            Map.entry("group_members", "groups"),
            Map.entry("attachments", "attachments"),
            Map.entry("attachment_chunks", "attachments"),
            Map.entry("audit_records", "audit"),
            Map.entry("search_changes", "search"),
            Map.entry("import_pending_snippets", "transfer"),
            Map.entry("user_storage", "storage"));

    /**
     * The crossings allowed, each for a reason an API call cannot meet: one statement that joins
     * what it filters or shows, on the hot path of a list, a search feed or an import.
     */
    private static final Map<String, Set<String>> CROSSINGS = Map.of(
            // the owner's and authors' usernames, and the scope "my groups", joined into a page's one statement
            "snippets", Set.of("users", "user_groups", "group_members"),
            // groups sits below auth: a member is shown with the username the users table keeps
            "groups", Set.of("users"),
            // the index is derived from the snippets' tables, read in one streamed pass (search sits below snippets)
            "search",
                    Set.of(
                            "snippets",
                            "snippet_tags",
                            "snippet_groups",
                            "collections",
                            "collection_snippets",
                            "collection_groups",
                            "snippet_stars"),
            // an import moves its staged rows into snippets in bulk, in the import's own transaction
            "transfer", Set.of("snippets"));

    private static final Pattern TEXT_BLOCK = Pattern.compile("\"\"\"(.*?)\"\"\"", Pattern.DOTALL);
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    private static final Pattern TABLE_AFTER_KEYWORD =
            Pattern.compile("\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+([a-z_]+)");
    private static final Pattern CREATED = Pattern.compile("CREATE TABLE ([a-z_]+)");
    private static final Pattern DROPPED = Pattern.compile("DROP TABLE ([a-z_]+)");

    @Test
    void everyTableTheMigrationsCreateHasAnOwner() throws IOException {
        Set<String> created = new TreeSet<>();
        try (Stream<Path> files = Files.list(MIGRATIONS)) {
            for (Path migration :
                    files.filter(file -> file.toString().endsWith(".sql")).toList()) {
                String sql = Files.readString(migration, StandardCharsets.UTF_8);
                CREATED.matcher(sql).results().forEach(match -> created.add(match.group(1)));
                DROPPED.matcher(sql).results().forEach(match -> created.remove(match.group(1)));
            }
        }
        assertEquals(
                created, new TreeSet<>(OWNERS.keySet()), "tables of the migrations, and those given an owner here");
    }

    @Test
    void aComponentsSqlNamesOnlyItsOwnTablesAndTheDeclaredCrossings() throws IOException {
        Map<String, Set<String>> crossings = new TreeMap<>();
        Map<String, Set<String>> named = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path source :
                    files.filter(file -> file.toString().endsWith(".java")).toList()) {
                String component = SOURCES.relativize(source).getName(0).toString();
                for (String table : tablesNamedBy(source)) {
                    named.computeIfAbsent(component, any -> new TreeSet<>()).add(table);
                    if (!component.equals(OWNERS.get(table))
                            && !CROSSINGS.getOrDefault(component, Set.of()).contains(table)) {
                        crossings
                                .computeIfAbsent(SOURCES.relativize(source).toString(), any -> new TreeSet<>())
                                .add(table);
                    }
                }
            }
        }
        assertEquals(Map.of(), crossings, "SQL naming tables of another component, not declared as a crossing");
        // the scan must see SQL at all: each declared crossing is still in use
        CROSSINGS.forEach((component, tables) -> assertTrue(
                named.getOrDefault(component, Set.of()).containsAll(tables),
                () -> component + " no longer names all of " + tables + ": drop the crossing; it names "
                        + named.get(component)));
    }

    /** The known tables that follow FROM, JOIN, INTO, UPDATE or TABLE in the file's string literals and text blocks, read as one text. */
    private static Set<String> tablesNamedBy(Path source) {
        try {
            String code = Files.readString(source, StandardCharsets.UTF_8);
            Matcher blocks = TEXT_BLOCK.matcher(code);
            String text = blocks.results().map(match -> match.group(1)).collect(Collectors.joining(" "));
            Matcher literals = LITERAL.matcher(blocks.replaceAll(""));
            text += " " + literals.results().map(match -> match.group(1)).collect(Collectors.joining(" "));
            return TABLE_AFTER_KEYWORD
                    .matcher(text)
                    .results()
                    .map(match -> match.group(1))
                    .filter(OWNERS::containsKey)
                    .collect(Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
