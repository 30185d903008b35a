package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Groups;
import io.snippetstore.testing.ImportArchive;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code SNIPPETS_USER_QUOTA_BYTES}: what one user stores (texts in UTF-8, attachments' bytes) stays
 * within the quota, whichever way it arrives, and what a deletion frees counts again, exactly. On a
 * Payara Micro of the test's own with a 3 MiB quota (and imports of at most 6 MiB); it runs once, in the Payara execution (the
 * counting is the database's, the same under every server).
 */
@Tag(TestTags.OWN_SERVER)
class StorageQuotaIT {

    private static final int QUOTA = 3 * 1024 * 1024;
    /** The largest import archive this server takes: above the quota, so that both limits can be met apart. */
    private static final int MAX_IMPORT = 6 * 1024 * 1024;

    private static final String PASSWORD = "quota-password";

    private static OwnPayaraMicro server;
    private static ApiClient admin;

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        Path data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "quota-it");
        server = OwnPayaraMicro.start(
                "quota",
                Map.of(
                        "SNIPPETS_DATA_DIR",
                        data.toString(),
                        "SNIPPETS_USER_QUOTA_BYTES",
                        String.valueOf(QUOTA),
                        "SNIPPETS_MAX_IMPORT_BYTES",
                        String.valueOf(MAX_IMPORT)));
        admin = server.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
    }

    @Test
    void createsChangesAndUploadsStopAtTheQuotaAndAPurgeFreesExactlyWhatItHeld() {
        ApiClient user = newUser();
        String a =
                create(user, 1_000_000).data().getString("id"); // each snippet: the code's bytes, plus "q" and "text"
        create(user, 1_000_000);
        String c = create(user, 1_000_000).data().getString("id"); // 3,000,015 of 3,145,728

        assertQuotaExceeded(create(user, 1_000_000));
        assertEquals(201, upload(user, a, 100_000).status()); // 3,100,015
        assertQuotaExceeded(upload(user, c, 100_000));
        assertEquals(1, user.get("/api/v1/snippets/" + c).data().getInt("version"));
        assertQuotaExceeded(user.patch(
                "/api/v1/snippets/" + c,
                Json.createObjectBuilder().add("code", "c".repeat(1_046_000)).build()));
        Reply shrunk = user.patch(
                "/api/v1/snippets/" + c,
                Json.createObjectBuilder().add("code", "c".repeat(500_000)).build()); // 2,600,015
        assertEquals(200, shrunk.status(), shrunk::toString);
        assertEquals(
                0,
                user.get("/api/v1/snippets/" + c + "/attachments")
                        .json()
                        .getJsonArray("data")
                        .size(),
                "the refused upload left nothing");

        assertEquals(200, user.delete("/api/v1/snippets/" + a).status());
        assertQuotaExceeded(create(user, 1_000_000)); // the trash keeps it restorable, so it still counts
        assertEquals(200, user.delete("/api/v1/trash/" + a).status()); // purged with its attachment: 1,500,010
        assertEquals(201, create(user, 1_000_000).status()); // 2,500,015
        assertEquals(201, create(user, 600_000).status(), "the attachment's bytes left with its snippet"); // 3,100,020
        assertQuotaExceeded(create(user, 100_000)); // 3,200,025: had they been counted off twice, this would fit
        assertEquals(201, newUserCreating(1_000_000).status(), "the quota is each user's own");
    }

    @Test
    void aGroupWritersEditCountsAgainstTheOwnersQuotaNotTheWriters() {
        String ownerName = OwnPayaraMicro.newUser(admin, "quota-owner", PASSWORD);
        ApiClient owner = server.signIn(ownerName, PASSWORD);
        String writerName = OwnPayaraMicro.newUser(admin, "quota-writer", PASSWORD);
        ApiClient writer = server.signIn(writerName, PASSWORD);
        String writerId = writer.get("/api/v1/auth/whoami").data().getString("userId");
        String group = Groups.create(admin, "writers", writerId).getString("id");
        String a = create(owner, 1_000_000).data().getString("id");
        create(owner, 1_000_000);
        String shared = owner.post(
                        "/api/v1/snippets",
                        SnippetsApi.snippet("q", "text", "x".repeat(1_000_000))
                                .add(
                                        "groups",
                                        Json.createArrayBuilder()
                                                .add(Json.createObjectBuilder()
                                                        .add("id", group)
                                                        .add("access", "write")))
                                .build())
                .data()
                .getString("id");
        assertEquals(201, upload(owner, a, 140_000).status()); // the owner's 3,140,015 of 3,145,728

        // the writer stores nothing of their own: counted as theirs, both edits would fit
        assertQuotaExceeded(writer.patch(
                "/api/v1/snippets/" + shared,
                Json.createObjectBuilder().add("code", "w".repeat(1_010_000)).build())); // 3,150,015
        Reply fits = writer.patch(
                "/api/v1/snippets/" + shared,
                Json.createObjectBuilder().add("code", "w".repeat(1_005_000)).build()); // 3,145,015
        assertEquals(200, fits.status(), fits::toString);
        assertQuotaExceeded(create(owner, 1_000));
    }

    @Test
    void anImportThatWouldPassTheQuotaKeepsNothing() throws IOException {
        ApiClient user = newUser();
        Path archive = ImportArchive.write(Files.createTempFile(Path.of("target"), "quota", ".zip"), 4, 1024 * 1024);
        try {
            assertQuotaExceeded(user.sendFile("POST", "/api/v1/import", "application/zip", archive));
            assertEquals(
                    0,
                    user.get("/api/v1/snippets").json().getJsonArray("data").size(),
                    "nothing of the import is kept");
            for (int n = 0; n < 3; n++) {
                assertEquals(
                        201, create(user, 1_000_000).status(), "what the import had written was counted off again");
            }
        } finally {
            Files.delete(archive);
        }
    }

    @Test
    void anImportArchiveOverTheLimitIsRefusedAsTooLargeAndKeepsNothing() throws IOException {
        ApiClient user = newUser();
        Path archive =
                ImportArchive.write(Files.createTempFile(Path.of("target"), "too-large", ".zip"), 7, 1024 * 1024);
        try {
            assertTrue(Files.size(archive) > MAX_IMPORT, "the archive is over the limit");
            Reply refused = user.sendFile("POST", "/api/v1/import", "application/zip", archive);
            assertEquals(413, refused.status(), refused::toString);
            assertEquals("payload_too_large", refused.errorCode());
            assertEquals(
                    0, user.get("/api/v1/snippets").json().getJsonArray("data").size(), "nothing of it is kept");
        } finally {
            Files.delete(archive);
        }
    }

    private static ApiClient newUser() {
        return server.signIn(OwnPayaraMicro.newUser(admin, "quota", PASSWORD), PASSWORD);
    }

    private static Reply newUserCreating(int codeBytes) {
        return create(newUser(), codeBytes);
    }

    private static Reply create(ApiClient user, int codeBytes) {
        return user.post(
                "/api/v1/snippets",
                SnippetsApi.snippet("q", "text", "x".repeat(codeBytes)).build());
    }

    private static Reply upload(ApiClient user, String snippetId, int bytes) {
        return new Multipart()
                .file("file", "bytes.bin", "application/octet-stream", new byte[bytes])
                .postTo(user, "/api/v1/snippets/" + snippetId + "/attachments");
    }

    private static void assertQuotaExceeded(Reply reply) {
        assertEquals(413, reply.status(), reply::toString);
        assertEquals("quota_exceeded", reply.errorCode(), reply::toString);
    }
}
