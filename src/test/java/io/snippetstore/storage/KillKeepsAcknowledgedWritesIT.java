package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.PrometheusText;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code kill -9} in the middle of concurrent writes, with commits shared by groups of them:
 * every create, change and delete the server acknowledged is there after a restart on the same
 * data directory, in the database and in the search index (which had committed only part of them:
 * it catches up from the database's change log). On a Payara Micro of the test's own (the suite's
 * server is not the test's to kill); it runs once, in the Payara execution.
 */
@Tag(TestTags.OWN_SERVER)
class KillKeepsAcknowledgedWritesIT {

    private static final int WRITERS = 16;
    /** Terms in every snippet's code, in its first title, and in its changed title. */
    private static final String WRITTEN = "qzkilled";

    private static final String ORIGINAL_TITLE = "qzbefore the kill";
    private static final String RETITLED = "qzretitled";

    @Test
    void everyWriteAcknowledgedBeforeAKillIsThereAfterTheRestart() throws Exception {
        Path data = Path.of("target", "kill-it").toAbsolutePath();
        deleteRecursively(data);
        Map<String, String> createdCode = new ConcurrentHashMap<>();
        Map<String, String> changedTitle = new ConcurrentHashMap<>();
        Set<String> deleted = ConcurrentHashMap.newKeySet();
        String token;
        try (OwnPayaraMicro server = OwnPayaraMicro.start("kill-9", Map.of("SNIPPETS_DATA_DIR", data.toString()))) {
            ApiClient admin =
                    new ApiClient(server.base()).withBearer(token(server, TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD));
            String username = TestUsers.uniqueName("killed");
            assertEquals(
                    201,
                    admin.post(
                                    "/api/v1/users",
                                    Json.createObjectBuilder()
                                            .add("username", username)
                                            .add("password", "outlives-a-kill")
                                            .build())
                            .status());
            token = token(server, username, "outlives-a-kill");
            ApiClient user = new ApiClient(server.base()).withBearer(token);

            ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.submit(() -> writeUntilTheServerIsGone(user, writer, createdCode, changedTitle, deleted));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (createdCode.size() < 300 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            double groups = PrometheusText.value(admin.get("/api/v1/metrics").text(), "snippets_write_group_size_count")
                    .orElse(0.0);
            server.kill();
            writers.shutdown();
            assertTrue(writers.awaitTermination(60, TimeUnit.SECONDS), "the writers stop once the server is gone");
            assertTrue(createdCode.size() >= 300, "acknowledged creates before the kill: " + createdCode.size());
            assertTrue(!deleted.isEmpty(), "deletes were acknowledged before the kill");
            assertTrue(groups > 0, "the writes were sharing commits when the server was killed");
        }

        try (OwnPayaraMicro restarted =
                OwnPayaraMicro.start("kill-9-restarted", Map.of("SNIPPETS_DATA_DIR", data.toString()))) {
            ApiClient user = new ApiClient(restarted.base()).withBearer(token);
            for (String id : deleted) {
                assertEquals(404, user.get("/api/v1/snippets/" + id).status(), "an acknowledged delete");
            }
            for (Map.Entry<String, String> created : createdCode.entrySet()) {
                Reply stored = user.get("/api/v1/snippets/" + created.getKey());
                assertEquals(200, stored.status(), () -> "acknowledged, then lost: " + created.getKey() + " " + stored);
                assertEquals(created.getValue(), stored.data().getString("code"));
                String title = changedTitle.get(created.getKey());
                if (title != null) {
                    assertEquals(title, stored.data().getString("title"), "an acknowledged change");
                }
            }
            assertSearchFindsWhatWasAcknowledged(user, createdCode, changedTitle, deleted);
        }
    }

    /**
     * Every acknowledged snippet is found by its code's own term, none that was deleted is found,
     * and an acknowledged change is found by its new title and no longer by the old one. The
     * writes in flight at the kill may or may not be there: only acknowledged ones are asserted.
     */
    private static void assertSearchFindsWhatWasAcknowledged(
            ApiClient user, Map<String, String> createdCode, Map<String, String> changedTitle, Set<String> deleted) {
        Set<String> found = new HashSet<>(SnippetsApi.ids(SnippetsApi.walk(
                user, "/api/v1/snippets?sort=created&limit=200&fields=summary&query=" + SnippetsApi.encode(WRITTEN))));
        Set<String> kept = createdCode.keySet();
        assertTrue(
                found.containsAll(kept),
                () -> "acknowledged but not found by search: "
                        + kept.stream().filter(id -> !found.contains(id)).toList());
        assertTrue(deleted.stream().noneMatch(found::contains), "a snippet deleted before the kill is found by search");

        Set<String> retitled = new HashSet<>(SnippetsApi.ids(SnippetsApi.walk(
                user, "/api/v1/snippets?sort=created&limit=200&fields=summary&query=" + SnippetsApi.encode(RETITLED))));
        Set<String> stillOriginal = new HashSet<>(SnippetsApi.ids(SnippetsApi.walk(
                user,
                "/api/v1/snippets?sort=created&limit=200&fields=summary&query=" + SnippetsApi.encode(ORIGINAL_TITLE))));
        for (String id : changedTitle.keySet()) {
            assertTrue(retitled.contains(id), "found by its new title: " + id);
            assertTrue(!stillOriginal.contains(id), "no longer found by its old title: " + id);
        }
        String someCode = createdCode.values().iterator().next();
        Reply exact = user.get("/api/v1/snippets?query=" + SnippetsApi.encode(someCode));
        assertTrue(exact.json().getJsonArray("data").size() >= 1, "found by its whole code: " + exact);
    }

    /**
     * Creates snippets, changes every other one and deletes every fifth, recording what the server
     * acknowledged, until a request fails.
     */
    private static void writeUntilTheServerIsGone(
            ApiClient user,
            int writer,
            Map<String, String> createdCode,
            Map<String, String> changedTitle,
            Set<String> deleted) {
        try {
            for (int n = 0; ; n++) {
                String code = WRITTEN + " writer " + writer + " snippet " + n;
                Reply created = user.post(
                        "/api/v1/snippets",
                        SnippetsApi.snippet(ORIGINAL_TITLE, "text", code, "kill")
                                .build());
                if (created.status() != 201) {
                    return;
                }
                String id = created.data().getString("id");
                createdCode.put(id, code);
                if (n % 2 == 0) {
                    String title = RETITLED + " " + n;
                    Reply changed = user.patch(
                            "/api/v1/snippets/" + id,
                            Json.createObjectBuilder().add("title", title).build());
                    if (changed.status() != 200) {
                        return;
                    }
                    changedTitle.put(id, title);
                }
                if (n % 5 == 0) {
                    // a delete cut off by the kill may or may not have happened: from here on nothing is asserted of it
                    createdCode.remove(id);
                    changedTitle.remove(id);
                    if (user.delete("/api/v1/snippets/" + id).status() != 200) {
                        return;
                    }
                    deleted.add(id);
                }
            }
        } catch (RuntimeException serverGone) {
            // the connection was refused or cut: the kill
        }
    }

    private static String token(OwnPayaraMicro server, String username, String password) {
        ApiClient session = new ApiClient(server.base());
        Reply login = session.post(
                "/api/v1/auth/login",
                Json.createObjectBuilder()
                        .add("username", username)
                        .add("password", password)
                        .build());
        assertEquals(200, login.status(), login::toString);
        return TestUsers.newToken(session, "kill test");
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }
}
