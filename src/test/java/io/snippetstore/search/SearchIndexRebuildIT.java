package io.snippetstore.search;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.encode;
import static io.snippetstore.testing.SnippetsApi.ids;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static io.snippetstore.testing.SnippetsApi.walk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search index is derived data: with its directory deleted, or its files damaged, while the
 * service is stopped, the next start rebuilds it from the database (and says so in the log, with
 * the time it took), is ready only once it is complete, and answers every search as before. On a
 * Payara Micro of the test's own, in the Payara execution only.
 */
@Tag(TestTags.OWN_SERVER)
class SearchIndexRebuildIT {

    private static final String MARKER = "qzrebuilt";
    private static final String SEARCH = "/api/v1/snippets?sort=title&limit=7&query=" + MARKER;

    @TempDir
    Path data;

    @Test
    void aMissingOrDamagedIndexIsRebuiltFromTheDatabaseBeforeAnySearchIsAnswered() throws Exception {
        Map<String, String> environment = Map.of("SNIPPETS_DATA_DIR", data.toString());
        String username;
        List<String> before;
        try (OwnPayaraMicro server = OwnPayaraMicro.start("search-rebuild", environment)) {
            ApiClient admin = server.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
            username = OwnPayaraMicro.newUser(admin, "rebuilt", "rebuilt-password");
            ApiClient user = server.signIn(username, "rebuilt-password");
            List<String> created = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                created.add(create(user, snippet(MARKER + " snippet " + i, "text", "code " + i))
                        .getString("id"));
            }
            for (int i = 0; i < 5; i++) {
                assertEquals(
                        200, user.delete("/api/v1/snippets/" + created.get(i)).status());
                assertEquals(
                        200,
                        user.patch(
                                        "/api/v1/snippets/" + created.get(10 + i),
                                        Json.createObjectBuilder()
                                                .add("title", "renamed " + i)
                                                .build())
                                .status());
            }
            before = ids(walk(user, SEARCH));
            List<String> expected = new ArrayList<>(created.subList(5, 10)); // 0..4 deleted, 10..14 renamed
            expected.addAll(created.subList(15, 30));
            assertEquals(
                    expected.stream().sorted().toList(),
                    before.stream().sorted().toList(),
                    "neither deleted nor renamed snippets are found");
        }

        Path index = data.resolve("search");
        assertTrue(Files.isDirectory(index), "the index lives under the data directory");
        deleteRecursively(index);
        try (OwnPayaraMicro restarted = OwnPayaraMicro.start("search-rebuild-missing", environment)) {
            assertLogged(restarted, "Building the search index from the database: there is no index");
            assertLogged(restarted, "Built the search index of 25 snippets in ");
            ApiClient user = restarted.signIn(username, "rebuilt-password");
            assertEquals(before, ids(walk(user, SEARCH)));
            assertSearchIsReady(restarted);
            assertMeaningsAreMadeAgain(restarted, user);
        }

        try (Stream<Path> files = Files.list(index)) {
            for (Path file : files.toList()) {
                Files.write(file, "not an index".getBytes());
            }
        }
        try (OwnPayaraMicro restarted = OwnPayaraMicro.start("search-rebuild-damaged", environment)) {
            assertLogged(restarted, "Building the search index from the database:");
            assertLogged(restarted, "Built the search index of 25 snippets in ");
            assertEquals(before, ids(walk(restarted.signIn(username, "rebuilt-password"), SEARCH)));
        }

        // the index made with search by meaning, reopened with it off: words as before, meanings refused
        Map<String, String> meaningOff =
                Map.of("SNIPPETS_DATA_DIR", data.toString(), "SNIPPETS_SEARCH_MEANING", "false");
        try (OwnPayaraMicro reopened = OwnPayaraMicro.start("search-rebuild-reopened", meaningOff)) {
            assertTrue(
                    !Files.readString(reopened.log()).contains("Building the search index"),
                    "a sound index is reused, not rebuilt");
            ApiClient user = reopened.signIn(username, "rebuilt-password");
            assertEquals(before, ids(walk(user, SEARCH)));
            Reply byMeaning = user.get("/api/v1/snippets?match=meaning&query=" + encode(MARKER));
            assertEquals(400, byMeaning.status(), byMeaning::toString);
            assertTrue(byMeaning.toString().contains("Search by meaning is off"), byMeaning::toString);
            assertEquals("off", meaningState(reopened));
            assertTrue(
                    !Files.readString(reopened.log()).contains("Search by meaning: loaded"),
                    "the model is never loaded");
        }
    }

    /**
     * An index that cannot be opened (its directory's place taken by a file, as by a wrong mount)
     * is tried again every 10 s; meanwhile {@code /api/ready} says so, and a search is never
     * answered from nothing: it waits for the index, then answers 503, and one that is still
     * waiting when the index opens gets its results.
     */
    @Test
    void aSearchWaitsForAnIndexThatCannotOpenThenAnswers503AndIsAnsweredOnceItOpens() throws Exception {
        Path blocked = data.resolve("search");
        Files.writeString(blocked, "not the index");
        try (OwnPayaraMicro server =
                OwnPayaraMicro.startAlive("search-unopened", Map.of("SNIPPETS_DATA_DIR", data.toString()))) {
            ApiClient admin = server.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
            String id = create(admin, snippet(MARKER + " while unopened", "text", "written meanwhile"))
                    .getString("id");
            assertEquals("DOWN", searchCheck(server).getString("status"));

            Reply waited = admin.get(SEARCH);
            assertEquals(503, waited.status(), waited::toString);
            assertEquals("unavailable", waited.errorCode());
            assertTrue(waited.toString().contains("being built"), waited::toString);

            // Sent while the index still cannot open: answered only if it waits until the next try.
            CompletableFuture<Reply> waiting = CompletableFuture.supplyAsync(() -> admin.get(SEARCH));
            Files.delete(blocked);
            Reply answered = waiting.get(60, TimeUnit.SECONDS);
            assertEquals(200, answered.status(), answered::toString);
            assertEquals(List.of(id), ids(answered.json().getJsonArray("data").getValuesAs(JsonObject.class)));
            assertSearchIsReady(server);
        }
    }

    private static JsonObject searchCheck(OwnPayaraMicro server) {
        return new ApiClient(server.base())
                .get("/api/ready").json().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                        .filter(check -> check.getString("name").equals("search"))
                        .findFirst()
                        .orElseThrow();
    }

    /** After a rebuild every snippet's meaning is made again, in the background, and found by meaning. */
    private static void assertMeaningsAreMadeAgain(OwnPayaraMicro server, ApiClient user) {
        Eventually.holds(() -> meaningState(server).equals("on"), "no snippet to wait for its meaning");
        Reply byMeaning = user.get("/api/v1/snippets?match=meaning&query=" + encode(MARKER + " snippet"));
        assertEquals(200, byMeaning.status(), byMeaning::toString);
        assertTrue(byMeaning.json().getJsonArray("data").size() > 0, byMeaning::toString);
    }

    private static String meaningState(OwnPayaraMicro server) {
        return searchCheck(server).getJsonObject("data").getString("meaning");
    }

    private static void assertSearchIsReady(OwnPayaraMicro server) {
        JsonObject ready = new ApiClient(server.base()).get("/api/ready").json();
        assertTrue(
                ready.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                        .anyMatch(check -> check.getString("name").equals("search")
                                && check.getString("status").equals("UP")),
                ready::toString);
    }

    private static void assertLogged(OwnPayaraMicro server, String line) throws IOException {
        String log = Files.readString(server.log());
        assertTrue(log.contains(line), () -> "the log says \"" + line + "\": " + server.log());
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted((a, b) -> b.compareTo(a)).toList()) {
                Files.delete(file);
            }
        }
    }
}
