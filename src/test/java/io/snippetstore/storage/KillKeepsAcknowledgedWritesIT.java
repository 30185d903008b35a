package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import jakarta.json.Json;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.PrometheusText;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import org.junit.jupiter.api.Test;

/**
 * {@code kill -9} in the middle of concurrent writes, with commits shared by groups of them:
 * every create and change the server acknowledged is there after a restart on the same data
 * directory. On a Payara Micro of the test's own (the suite's server is not the test's to kill);
 * it runs once, in the Payara execution.
 */
class KillKeepsAcknowledgedWritesIT {

    private static final int WRITERS = 16;

    @Test
    void everyWriteAcknowledgedBeforeAKillIsThereAfterTheRestart() throws Exception {
        Path data = Path.of("target", "kill-it").toAbsolutePath();
        deleteRecursively(data);
        Map<String, String> createdCode = new ConcurrentHashMap<>();
        Map<String, String> changedTitle = new ConcurrentHashMap<>();
        String token;
        try (OwnPayaraMicro server = OwnPayaraMicro.start("kill-9", Map.of("SNIPPETS_DATA_DIR", data.toString()))) {
            ApiClient admin = new ApiClient(server.base()).withBearer(token(server, TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD));
            String username = TestUsers.uniqueName("killed");
            assertEquals(201, admin.post("/api/v1/users", Json.createObjectBuilder().add("username", username)
                    .add("password", "outlives-a-kill").build()).status());
            token = token(server, username, "outlives-a-kill");
            ApiClient user = new ApiClient(server.base()).withBearer(token);

            ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.submit(() -> writeUntilTheServerIsGone(user, writer, createdCode, changedTitle));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (createdCode.size() < 300 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            double groups = PrometheusText.value(admin.get("/api/v1/metrics").text(), "snippets_write_group_size_count").orElse(0.0);
            server.kill();
            writers.shutdown();
            assertTrue(writers.awaitTermination(60, TimeUnit.SECONDS), "the writers stop once the server is gone");
            assertTrue(createdCode.size() >= 300, "acknowledged creates before the kill: " + createdCode.size());
            assertTrue(groups > 0, "the writes were sharing commits when the server was killed");
        }

        try (OwnPayaraMicro restarted = OwnPayaraMicro.start("kill-9-restarted", Map.of("SNIPPETS_DATA_DIR", data.toString()))) {
            ApiClient user = new ApiClient(restarted.base()).withBearer(token);
            for (Map.Entry<String, String> created : createdCode.entrySet()) {
                Reply stored = user.get("/api/v1/snippets/" + created.getKey());
                assertEquals(200, stored.status(), () -> "acknowledged, then lost: " + created.getKey() + " " + stored);
                assertEquals(created.getValue(), stored.data().getString("code"));
                String title = changedTitle.get(created.getKey());
                if (title != null) {
                    assertEquals(title, stored.data().getString("title"), "an acknowledged change");
                }
            }
        }
    }

    /** Creates snippets and changes every other one, recording what the server acknowledged, until a request fails. */
    private static void writeUntilTheServerIsGone(ApiClient user, int writer, Map<String, String> createdCode, Map<String, String> changedTitle) {
        try {
            for (int n = 0; ; n++) {
                String code = "writer " + writer + " snippet " + n;
                Reply created = user.post("/api/v1/snippets", SnippetsApi.snippet("before the kill", "text", code, "kill").build());
                if (created.status() != 201) {
                    return;
                }
                String id = created.data().getString("id");
                createdCode.put(id, code);
                if (n % 2 == 0) {
                    String title = "changed " + n;
                    Reply changed = user.patch("/api/v1/snippets/" + id, Json.createObjectBuilder().add("title", title).build());
                    if (changed.status() != 200) {
                        return;
                    }
                    changedTitle.put(id, title);
                }
            }
        } catch (RuntimeException serverGone) {
            // the connection was refused or cut: the kill
        }
    }

    private static String token(OwnPayaraMicro server, String username, String password) {
        ApiClient session = new ApiClient(server.base());
        Reply login = session.post("/api/v1/auth/login", Json.createObjectBuilder().add("username", username).add("password", password).build());
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
