package io.snippetstore.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.ImportArchive;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code kill -9} in the middle of an import, once some of its batches are written: after the
 * restart the account holds none of the archive's snippets, and the service says it removed them.
 * On a Payara Micro of the test's own; it runs once, in the Payara execution.
 */
@Tag(TestTags.OWN_SERVER)
class KillDuringImportIT {

    private static final int SNIPPETS = 120;

    @Test
    void anImportKilledHalfwayLeavesNoneOfItsSnippetsAfterTheRestart() throws Exception {
        Path data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "kill-import-it");
        Path archive = ImportArchive.write(Path.of("target", "kill-import-it.zip"), SNIPPETS, 1024 * 1024);
        String username;
        try (OwnPayaraMicro server =
                OwnPayaraMicro.start("kill-import", Map.of("SNIPPETS_DATA_DIR", data.toString()))) {
            ApiClient admin = server.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
            username = OwnPayaraMicro.newUser(admin, "importer", "outlives-a-kill");
            ApiClient importer = server.signIn(username, "outlives-a-kill");

            CompletableFuture<Reply> running = CompletableFuture.supplyAsync(
                    () -> importer.sendFile("POST", "/api/v1/import", "application/zip", archive));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            int written = 0;
            while (written == 0 && !running.isDone() && System.nanoTime() < deadline) {
                written = importer.get("/api/v1/snippets?limit=100")
                        .json()
                        .getJsonArray("data")
                        .size();
            }
            assertTrue(
                    written > 0 && !running.isDone(),
                    "the import was under way, with " + written + " snippets written: "
                            + (running.isDone() ? running.join() : ""));
            server.kill();
        }

        try (OwnPayaraMicro restarted =
                OwnPayaraMicro.start("kill-import-restarted", Map.of("SNIPPETS_DATA_DIR", data.toString()))) {
            ApiClient importer = restarted.signIn(username, "outlives-a-kill");
            Reply mine = importer.get("/api/v1/snippets?limit=100");
            assertEquals(200, mine.status(), mine::toString);
            assertEquals(
                    0, mine.json().getJsonArray("data").size(), "none of a killed import's snippets stays: " + mine);
            assertTrue(
                    Files.readString(restarted.log()).contains("of imports that never finished"),
                    "the start says what it removed");

            Reply again = importer.sendFile("POST", "/api/v1/import", "application/zip", archive);
            assertEquals(200, again.status(), again::toString);
            assertEquals(SNIPPETS, again.data().getInt("snippetsCreated"));
            assertEquals(
                    SNIPPETS,
                    importer.get("/api/v1/snippets?limit=200")
                            .json()
                            .getJsonArray("data")
                            .size(),
                    "the same archive, imported whole");
        }
    }
}
