package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.PrometheusText;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * SQLite has one writer; the application's write gate must make that invisible to clients, and
 * group commit (concurrent creates, changes, deletes and small uploads sharing one transaction on
 * the writer's thread) must keep each request's outcome its own.
 */
public abstract class ConcurrentWritesTests {

    @Test
    void fortyEightConcurrentWritesAllSucceed() throws Exception {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        int writers = 48;
        List<Callable<Reply>> writes = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            String name = "concurrent " + i;
            writes.add(() -> browser.post(
                    "/api/v1/auth/tokens",
                    Json.createObjectBuilder().add("name", name).build()));
        }

        for (Reply done : allAtOnce(writes)) {
            assertEquals(201, done.status(), done::toString);
        }
        assertEquals(
                writers,
                browser.get("/api/v1/auth/tokens").json().getJsonArray("data").size());
    }

    @Test
    void concurrentChangesWithTheSameIfMatchSucceedOnceAndFailAloneWhileTheCreatesBesideThemAllSucceed()
            throws Exception {
        ApiClient admin = new ApiClient().withBearer(TestUsers.newToken(TestUsers.admin(), "group commit"));
        ApiClient user = TestUsers.withToken(TestUsers.create());
        String id = SnippetsApi.create(user, SnippetsApi.snippet("contested", "text", "first"))
                .getString("id");
        String etag = user.get("/api/v1/snippets/" + id).header("ETag");
        double groupsBefore = groups(admin);
        int changes = 16;
        int creates = 32;

        List<Callable<Reply>> writes = new ArrayList<>();
        for (int i = 0; i < changes; i++) {
            String title = "change " + i;
            writes.add(() -> user.send(
                    "PATCH",
                    "/api/v1/snippets/" + id,
                    "application/json",
                    Json.createObjectBuilder().add("title", title).build().toString(),
                    Map.of("If-Match", etag)));
        }
        for (int i = 0; i < creates; i++) {
            JsonObject snippet = SnippetsApi.snippet("beside " + i, "text", "created beside the changes " + i)
                    .build();
            writes.add(() -> user.post("/api/v1/snippets", snippet));
        }
        List<Reply> replies = allAtOnce(writes);

        List<Reply> changed = replies.subList(0, changes).stream()
                .filter(reply -> reply.status() == 200)
                .toList();
        assertEquals(1, changed.size(), () -> "exactly one change wins: " + replies.subList(0, changes));
        for (Reply lost : replies.subList(0, changes)) {
            assertTrue(lost.status() == 200 || "precondition_failed".equals(lost.errorCode()), lost::toString);
        }
        Reply current = user.get("/api/v1/snippets/" + id);
        assertEquals(changed.get(0).data().getString("title"), current.data().getString("title"));
        assertEquals(changed.get(0).header("ETag"), current.header("ETag"));
        for (int i = 0; i < creates; i++) {
            Reply created = replies.get(changes + i);
            assertEquals(201, created.status(), created::toString);
            Reply stored = user.get("/api/v1/snippets/" + created.data().getString("id"));
            assertEquals("created beside the changes " + i, stored.data().getString("code"));
        }
        assertTrue(groups(admin) > groupsBefore, "some of the 48 writes shared a commit");
    }

    @Test
    void deletesAndSmallUploadsShareCommitsWithCreatesAndEachGetsItsOwnOutcome() throws Exception {
        ApiClient user = TestUsers.withToken(TestUsers.create());
        ApiClient stranger = TestUsers.withToken(TestUsers.create());
        int each = 12;
        List<String> doomed = new ArrayList<>();
        List<String> withFiles = new ArrayList<>();
        for (int i = 0; i < each; i++) {
            doomed.add(SnippetsApi.create(user, SnippetsApi.snippet("doomed " + i, "text", "x"))
                    .getString("id"));
            withFiles.add(SnippetsApi.create(user, SnippetsApi.snippet("with a file " + i, "text", "x"))
                    .getString("id"));
        }
        String notTheirs = doomed.get(0);

        List<Callable<Reply>> writes = new ArrayList<>();
        writes.add(() -> stranger.delete("/api/v1/snippets/" + notTheirs));
        for (int i = 0; i < each; i++) {
            String doomedId = doomed.get(i);
            String snippetId = withFiles.get(i);
            byte[] content = ("file " + i).getBytes(StandardCharsets.UTF_8);
            writes.add(() -> user.delete("/api/v1/snippets/" + doomedId));
            writes.add(() -> new Multipart()
                    .file("file", "f" + content.length + ".txt", "text/plain", content)
                    .postTo(user, "/api/v1/snippets/" + snippetId + "/attachments"));
            JsonObject snippet =
                    SnippetsApi.snippet("created " + i, "text", "created " + i).build();
            writes.add(() -> user.post("/api/v1/snippets", snippet));
        }
        List<Reply> replies = allAtOnce(writes);

        assertEquals(404, replies.get(0).status(), "another's snippet stays theirs: " + replies.get(0));
        for (int i = 0; i < each; i++) {
            Reply deleted = replies.get(1 + 3 * i);
            Reply uploaded = replies.get(2 + 3 * i);
            Reply created = replies.get(3 + 3 * i);
            assertEquals(200, deleted.status(), deleted::toString);
            assertEquals(doomed.get(i), deleted.data().getString("id"));
            assertEquals(404, user.get("/api/v1/snippets/" + doomed.get(i)).status());
            assertEquals(201, uploaded.status(), uploaded::toString);
            Reply download = user.get("/api/v1/attachments/" + uploaded.data().getString("id") + "/download");
            assertEquals("file " + i, new String(download.body(), StandardCharsets.UTF_8));
            assertEquals(
                    1, user.get("/api/v1/snippets/" + withFiles.get(i)).data().getInt("attachmentCount"));
            assertEquals(201, created.status(), created::toString);
            assertEquals(
                    "created " + i,
                    user.get("/api/v1/snippets/" + created.data().getString("id"))
                            .data()
                            .getString("code"));
        }
    }

    private static double groups(ApiClient admin) {
        return PrometheusText.value(admin.get("/api/v1/metrics").text(), "snippets_write_group_size_count")
                .orElse(0.0);
    }

    /** Sends every request at the same moment, each from a thread of its own; the replies in the same order. */
    private static List<Reply> allAtOnce(List<Callable<Reply>> requests) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(requests.size());
        try {
            List<Future<Reply>> pending = new ArrayList<>();
            for (Callable<Reply> request : requests) {
                pending.add(pool.submit(() -> {
                    start.await();
                    return request.call();
                }));
            }
            start.countDown();
            List<Reply> replies = new ArrayList<>();
            for (Future<Reply> reply : pending) {
                replies.add(reply.get());
            }
            return replies;
        } finally {
            pool.shutdownNow();
        }
    }
}
