package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetStoreDeployment;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Stops and starts the server on the same database: committed data and the schema survive, and
 * what a stopped run left half done is cleared.
 */
@ExtendWith(ArquillianExtension.class)
class RestartKeepsDataIT {

    private static final String SERVER = "restartable";

    @Deployment(name = SERVER, managed = false, testable = false)
    static WebArchive deployment() {
        return SnippetStoreDeployment.war();
    }

    @ArquillianResource
    Deployer deployer;

    /**
     * One stop and start (each costs a server start on Payara Micro): what the first run committed
     * is there after it, and what it left half done (an upload between two steps, as a crash leaves
     * it, and a staging file written while the server was down) is never seen and is cleared.
     */
    @Test
    void aRestartKeepsWhatWasCommittedAndClearsWhatTheStoppedRunLeftHalfDone() throws IOException {
        record Left(
                String username, String token, ApiClient owner, String snippetId, String unfinished, String meant) {}
        Left left = whileDeployed(() -> {
            String username = TestUsers.uniqueName("survivor");
            Reply created = TestUsers.admin()
                    .post(
                            "/api/v1/users",
                            Json.createObjectBuilder()
                                    .add("username", username)
                                    .add("password", "survives-restarts")
                                    .build());
            assertEquals(201, created.status(), created::toString);
            String token = TestUsers.newToken(TestUsers.signedIn(username, "survives-restarts"), "before restart");

            ApiClient owner = TestUsers.withToken(TestUsers.create());
            String snippetId = SnippetsApi.create(
                            owner, SnippetsApi.snippet("a crash in the middle of an upload", "text", "x"))
                    .getString("id");
            String unfinished = "unfinished-" + System.nanoTime();
            long now = System.currentTimeMillis();
            // what a crash between two steps of an upload leaves: the attachment, unfinished, and some of its chunks
            Database.change(
                    "INSERT INTO attachments (id, snippet_id, filename, mime_type, size, sha256, created_at, uploading_since) "
                            + "VALUES (?, ?, 'half.bin', 'application/octet-stream', 3145728, ?, ?, ?)",
                    unfinished,
                    snippetId,
                    "0".repeat(64),
                    now,
                    now);
            Database.change(
                    "INSERT INTO attachment_chunks (attachment_id, ordinal, data) VALUES (?, 0, ?)",
                    unfinished,
                    new byte[1024]);

            assertEquals(404, owner.get("/api/v1/attachments/" + unfinished).status());
            assertEquals(
                    0,
                    owner.get("/api/v1/snippets/" + snippetId + "/attachments")
                            .json()
                            .getJsonArray("data")
                            .size());
            assertEquals(0, owner.get("/api/v1/snippets/" + snippetId).data().getInt("attachmentCount"));

            // the model's native library is loaded in this deployment; WildFly and Liberty redeploy in the same JVM
            String meant = SnippetsApi.create(
                            owner, SnippetsApi.snippet("Disk usage per directory", "shell", "du -sh * | sort -h"))
                    .getString("id");
            assertFoundByMeaning(owner, meant);
            return new Left(username, token, owner, snippetId, unfinished, meant);
        });
        Path leftover = Files.createDirectories(Database.file().resolveSibling("staging"))
                .resolve("upload-left-by-a-crash.part");
        Files.writeString(leftover, "half an upload");
        // what a stop in the middle of a backup, a restore's upload and an older backup's migration leaves
        Path backups = Files.createDirectories(Database.file().resolveSibling("backups"));
        List<Path> unfinishedBackupFiles = List.of(
                backups.resolve(".snippets-20261207T101010.000Z.db.partial"),
                backups.resolve(".upload-left-by-a-stop.partial"),
                backups.resolve(".migrating-left-by-a-stop.db"),
                backups.resolve(".migrating-left-by-a-stop.db-journal"));
        for (Path unfinished : unfinishedBackupFiles) {
            Files.writeString(unfinished, "unfinished");
        }
        Path operatorsCopy = backups.resolve("snippets-kept-by-the-operator.db");
        Files.writeString(operatorsCopy, "a backup is never removed at start");

        whileDeployed(() -> {
            assertEquals(200, new ApiClient().get("/api/ready").status());
            Reply whoami = new ApiClient().withBearer(left.token()).get("/api/v1/auth/whoami");
            assertEquals(200, whoami.status(), "the token made before the restart: " + whoami);
            assertEquals(left.username(), whoami.data().getString("username"));
            assertEquals(
                    200,
                    TestUsers.signedIn(left.username(), "survives-restarts")
                            .get("/api/v1/auth/whoami")
                            .status());

            assertEquals(
                    0,
                    Database.number("SELECT COUNT(*) FROM attachments WHERE id = ?", left.unfinished()),
                    "the unfinished upload is removed at start");
            assertEquals(
                    0,
                    Database.number(
                            "SELECT COUNT(*) FROM attachment_chunks WHERE attachment_id = ?", left.unfinished()));
            assertEquals(
                    0,
                    left.owner()
                            .get("/api/v1/snippets/" + left.snippetId())
                            .data()
                            .getInt("attachmentCount"));

            Reply uploaded = new Multipart()
                    .file("file", "fresh.txt", null, new byte[] {1})
                    .postTo(left.owner(), "/api/v1/snippets/" + left.snippetId() + "/attachments");
            assertEquals(201, uploaded.status(), uploaded::toString);
            assertFalse(Files.exists(leftover), "the first upload of a run clears what an earlier run left in staging");
            assertFoundByMeaning(left.owner(), left.meant());
            for (Path unfinished : unfinishedBackupFiles) {
                assertFalse(Files.exists(unfinished), "removed at start: " + unfinished);
            }
            assertTrue(Files.exists(operatorsCopy), "a backup stays");
            return null;
        });
        Files.delete(operatorsCopy); // no other test's list of backups should meet it
    }

    /** A search by meaning in other words finds the snippet, once its meaning is made (in the background, seconds). */
    private static void assertFoundByMeaning(ApiClient owner, String snippetId) {
        Eventually.holds(
                () -> owner
                        .get("/api/v1/snippets?match=meaning&query="
                                + URLEncoder.encode("how much space each folder takes", StandardCharsets.UTF_8))
                        .json()
                        .getJsonArray("data")
                        .stream()
                        .anyMatch(item -> item.asJsonObject().getString("id").equals(snippetId)),
                "a search by meaning to find " + snippetId);
    }

    /** Deploys, runs {@code work} against the deployment and undeploys, whatever happens: what {@code work} answers. */
    private <T> T whileDeployed(Supplier<T> work) {
        waitUntilTheOldServerIsGone();
        deployer.deploy(SERVER);
        try {
            return work.get();
        } finally {
            deployer.undeploy(SERVER);
        }
    }

    /**
     * On Payara Micro an undeploy ends the server process, and the next deploy starts a new one on
     * the same port: it must not start before the old one has let go of the port. (WildFly and
     * Open Liberty keep running and redeploy the application.)
     */
    private static void waitUntilTheOldServerIsGone() {
        if (!"payara-micro".equals(System.getProperty("arquillian.launch"))) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try (Socket probe = new Socket("127.0.0.1", ApiClient.base().getPort())) {
                Thread.sleep(200);
            } catch (IOException refused) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new AssertionError(
                "the stopped server still holds port " + ApiClient.base().getPort());
    }
}
