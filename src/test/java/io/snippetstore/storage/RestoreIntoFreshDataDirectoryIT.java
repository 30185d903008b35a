package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.RawHttp;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The operator's path from one machine to another: a backup downloaded from one service is
 * restored into a second service started on a new, empty data directory, which then serves every
 * snippet and attachment byte for byte, to the same users and tokens; an upload the backup caught
 * half-way is removed once restored, and so is the snippet of an import it caught unfinished. Two Payara Micros of the
 * test's own (BackupsTests covers backups under concurrent writes and refused files on every server).
 */
@Tag(TestTags.OWN_SERVER)
class RestoreIntoFreshDataDirectoryIT {

    private static final String SQLITE = "application/vnd.sqlite3";

    @Test
    void
            aBackupRestoredIntoAFreshDataDirectoryServesEverySnippetAndFinishedAttachmentByteIdenticalAndNoHalfUploadOrImport()
                    throws Exception {
        Path directories = Path.of("target", "restore-it").toAbsolutePath();
        deleteRecursively(directories);
        byte[] backup;
        String userToken;
        String midImport;
        Map<String, String> codeById = new LinkedHashMap<>();
        Map<String, byte[]> bytesByDownloadUrl = new LinkedHashMap<>();
        try (OwnPayaraMicro source = OwnPayaraMicro.start(
                "backup-source",
                Map.of("SNIPPETS_DATA_DIR", directories.resolve("source").toString()))) {
            ApiClient admin = adminWithToken(source);
            String username = TestUsers.uniqueName("moving");
            assertEquals(
                    201,
                    admin.post(
                                    "/api/v1/users",
                                    Json.createObjectBuilder()
                                            .add("username", username)
                                            .add("password", "moves-to-a-new-machine")
                                            .build())
                            .status());
            userToken = token(signedIn(source, username, "moves-to-a-new-machine"));
            ApiClient user = new ApiClient(source.base()).withBearer(userToken);
            Random random = new Random(11);
            for (int i = 0; i < 5; i++) {
                String code = "echo " + i + " ✓";
                String id = SnippetsApi.create(user, SnippetsApi.snippet("moving " + i, "sh", code, "moved"))
                        .getString("id");
                codeById.put(id, code);
                byte[] content = new byte[700_000 * (i + 1)];
                random.nextBytes(content);
                Reply uploaded = new Multipart()
                        .file("file", "part-" + i + ".bin", null, content)
                        .postTo(user, "/api/v1/snippets/" + id + "/attachments");
                assertEquals(201, uploaded.status(), uploaded::toString);
                bytesByDownloadUrl.put(uploaded.data().getString("downloadUrl"), content);
            }
            midImport = SnippetsApi.create(user, SnippetsApi.snippet("caught mid-import", "sh", "echo pending"))
                    .getString("id");
            // an upload under way when the backup is taken: its first steps are in the backup, its end never comes
            String halfUploadedTo = codeById.keySet().iterator().next();
            byte[] large = new byte[12 * 1024 * 1024];
            random.nextBytes(large);
            Multipart unfinished = new Multipart().file("file", "unfinished.bin", null, large);
            byte[] body = unfinished.bytes();
            JsonObject taken;
            try (RawHttp stalled = new RawHttp(
                            "127.0.0.1",
                            source.base().getPort(),
                            "POST",
                            "/api/v1/snippets/" + halfUploadedTo + "/attachments",
                            Map.of(
                                    "Authorization",
                                    "Bearer " + userToken,
                                    "Content-Type",
                                    unfinished.contentType(),
                                    "Content-Length",
                                    String.valueOf(body.length)))
                    .write(Arrays.copyOf(body, 9 * 1024 * 1024))) {
                Eventually.holds(
                        () -> unfinishedUploads(directories.resolve("source")) == 1,
                        "the upload's first steps are in the database");
                taken = admin.post(
                                "/api/v1/storage/backups",
                                Json.createObjectBuilder().build())
                        .data();
            }
            backup = admin.get(taken.getString("downloadUrl")).body();
        }
        // what a backup taken while an import runs holds: a snippet of its first batches, still pending
        Path caught = Files.createDirectories(directories).resolve("caught-mid-import.db");
        Files.write(caught, backup);
        Database.change(
                caught,
                "INSERT INTO import_pending_snippets (snippet_id, import_id) VALUES (?, 'an-unfinished-import')",
                midImport);
        backup = Files.readAllBytes(caught);

        try (OwnPayaraMicro fresh = OwnPayaraMicro.start(
                "restore-target",
                Map.of("SNIPPETS_DATA_DIR", directories.resolve("fresh").toString()))) {
            // a restore takes a browser session, not a token
            Reply restored = signedIn(fresh, TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD)
                    .sendBytes("POST", "/api/v1/storage/restore", SQLITE, backup, Map.of());

            assertEquals(200, restored.status(), restored::toString);
            ApiClient user = new ApiClient(fresh.base()).withBearer(userToken);
            assertEquals(
                    200,
                    user.get("/api/v1/auth/whoami").status(),
                    "the user's token of the old machine works on the new one");
            for (Map.Entry<String, String> snippet : codeById.entrySet()) {
                assertEquals(
                        snippet.getValue(),
                        user.get("/api/v1/snippets/" + snippet.getKey()).data().getString("code"));
            }
            for (Map.Entry<String, byte[]> attachment : bytesByDownloadUrl.entrySet()) {
                assertArrayEquals(
                        attachment.getValue(), user.get(attachment.getKey()).body(), attachment.getKey());
            }
            assertEquals(
                    0,
                    unfinishedUploads(directories.resolve("fresh")),
                    "the upload the backup caught half-way is removed once restored");
            assertTrue(
                    Files.readString(fresh.log()).contains("Removed 1 attachment(s) whose upload never finished."),
                    "and said so in the log");
            assertEquals(404, user.get("/api/v1/snippets/" + midImport).status(), "an unfinished import's snippet");
            assertTrue(
                    Files.readString(fresh.log()).contains("Removed 1 snippet(s) of imports that never finished."),
                    "and said so in the log");
            assertEquals(
                    bytesByDownloadUrl.size(),
                    codeById.keySet().stream()
                            .mapToInt(id -> user.get("/api/v1/snippets/" + id + "/attachments")
                                    .json()
                                    .getJsonArray("data")
                                    .size())
                            .sum(),
                    "only the finished attachments are listed");
            try (Stream<Path> kept = Files.list(directories.resolve("fresh").resolve("backups"))) {
                assertTrue(
                        kept.anyMatch(file -> file.getFileName().toString().startsWith("before-restore-")),
                        "the empty store it replaced is kept");
            }
        }
    }

    /** The attachments whose upload has not finished, in the database of a data directory. */
    private static long unfinishedUploads(Path dataDirectory) {
        return Database.number(
                dataDirectory.resolve("snippets.db"),
                "SELECT COUNT(*) FROM attachments WHERE uploading_since IS NOT NULL");
    }

    private static ApiClient signedIn(OwnPayaraMicro server, String username, String password) {
        ApiClient session = new ApiClient(server.base());
        Reply login = session.post(
                "/api/v1/auth/login",
                Json.createObjectBuilder()
                        .add("username", username)
                        .add("password", password)
                        .build());
        assertEquals(200, login.status(), login::toString);
        return session;
    }

    private static String token(ApiClient session) {
        Reply created = session.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", "restore test").build());
        assertEquals(201, created.status(), created::toString);
        return created.data().getString("token");
    }

    private static ApiClient adminWithToken(OwnPayaraMicro server) {
        return new ApiClient(server.base())
                .withBearer(token(signedIn(server, TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD)));
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
