package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import jakarta.json.Json;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import org.junit.jupiter.api.Test;

/** SQLite has one writer; the application's write gate must make that invisible to clients. */
public abstract class ConcurrentWritesTests {

    @Test
    void fortyEightConcurrentWritesAllSucceed() throws Exception {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        int writers = 48;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Reply>> replies = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                String name = "concurrent " + i;
                replies.add(pool.submit(() -> {
                    start.await();
                    return browser.post("/api/v1/auth/tokens", Json.createObjectBuilder().add("name", name).build());
                }));
            }
            start.countDown();
            for (Future<Reply> reply : replies) {
                Reply done = reply.get();
                assertEquals(201, done.status(), done::toString);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(writers, browser.get("/api/v1/auth/tokens").json().getJsonArray("data").size());
    }
}
