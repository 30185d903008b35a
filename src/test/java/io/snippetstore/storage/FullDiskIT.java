package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SmallDisk;
import io.snippetstore.testing.TestTags;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The service on a data directory whose disk really fills up: a 40 MiB tmpfs mounted under
 * {@code target/} (mounting needs root, as CI has), served by a Payara Micro of its own with the
 * WAR of this build. Whether the disk is filled through the API or by something else, new data
 * is refused with 503 and nothing is half written, while reads, downloads, deletes and sign-ins
 * keep working, and writes work again, without a restart, once space is freed. The server starts
 * without a configured administrator password, as a first start on a new machine would.
 */
@Tag(TestTags.OWN_SERVER)
class FullDiskIT {

    private static final long MIB = 1024 * 1024;
    private static final Pattern GENERATED_PASSWORD =
            Pattern.compile("generated password (\\S+) \\(shown only this once");

    private static SmallDisk disk;
    private static Path mount;
    private static String adminPassword;
    private static OwnPayaraMicro server;
    private static URI base;

    @BeforeAll
    static void startOnASmallDisk() throws Exception {
        disk = SmallDisk.mount("full-disk", "40m");
        mount = disk.path();
        // no SNIPPETS_ADMIN_PASSWORD: the first start generates one and logs it once
        Map<String, String> environment = new HashMap<>(Map.of(
                "SNIPPETS_DATA_DIR",
                mount.toString(),
                "SNIPPETS_ADMIN_USER",
                "admin",
                "SNIPPETS_MIN_FREE_BYTES",
                String.valueOf(8 * MIB)));
        environment.put("SNIPPETS_ADMIN_PASSWORD", null);
        server = OwnPayaraMicro.start("full-disk", environment);
        base = server.base();
        Matcher logged = GENERATED_PASSWORD.matcher(Files.readString(server.log()));
        assertTrue(logged.find(), "the generated administrator password is in the log");
        adminPassword = logged.group(1);
    }

    @AfterAll
    static void stopAndUnmount() throws Exception {
        if (server != null) {
            server.close();
        }
        if (disk != null) {
            disk.close();
        }
    }

    private static ApiClient signedIn() {
        ApiClient session = new ApiClient(base);
        Reply login = session.post(
                "/api/v1/auth/login",
                Json.createObjectBuilder()
                        .add("username", "admin")
                        .add("password", adminPassword)
                        .build());
        assertEquals(200, login.status(), login::toString);
        return session;
    }

    private static ApiClient withNewToken() {
        Reply token = signedIn()
                .post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "full disk").build());
        assertEquals(201, token.status(), token::toString);
        return new ApiClient(base).withBearer(token.data().getString("token"));
    }

    private static JsonObject snippet(String title) {
        return snippet(title, 1000);
    }

    private static JsonObject snippet(String title, int codeLength) {
        return Json.createObjectBuilder()
                .add("title", title)
                .add("language", "text")
                .add("code", "x".repeat(codeLength))
                .add("tags", Json.createArrayBuilder())
                .build();
    }

    private static void assertUnavailable(Reply reply) {
        assertEquals(503, reply.status(), reply::toString);
        assertEquals("unavailable", reply.errorCode());
    }

    private static Reply upload(ApiClient client, String snippetId, byte[] content) {
        return new Multipart()
                .file("file", "mebibyte.bin", "application/octet-stream", content)
                .postTo(client, "/api/v1/snippets/" + snippetId + "/attachments");
    }

    @Test
    void aFirstStartWithoutAConfiguredPasswordLogsTheGeneratedOneExactlyOnce() throws IOException {
        Matcher logged = GENERATED_PASSWORD.matcher(Files.readString(server.log()));
        int times = 0;
        while (logged.find()) {
            times++;
        }

        assertEquals(1, times);
        assertEquals(24, adminPassword.length(), "18 random bytes in base64url");
        assertEquals(200, signedIn().get("/api/v1/auth/whoami").status());
    }

    @Test
    void filledThroughTheApiNewDataIs503WhileReadsDeletesAndSignInsWorkUntilDeletesMakeRoomAgain() {
        ApiClient client = withNewToken();
        ApiClient unusedToken = withNewToken();
        String snippetId =
                client.post("/api/v1/snippets", snippet("full")).data().getString("id");
        byte[] content = new byte[(int) MIB];
        new Random(7).nextBytes(content);

        List<String> stored = new ArrayList<>();
        Reply refused;
        while ((refused = upload(client, snippetId, content)).status() == 201) {
            stored.add(refused.data().getString("id"));
            assertTrue(stored.size() < 64, "a 40 MiB disk cannot take 64 MiB");
        }

        assertUnavailable(refused);
        assertTrue(stored.size() >= 10, "uploads were taken until the disk was nearly full: " + stored.size());
        // an upload asks for room for two of its steps above the floor; smaller writes are taken until the floor itself
        List<String> fillers = new ArrayList<>();
        Reply filling;
        while ((filling = client.post("/api/v1/snippets", snippet("filling " + fillers.size(), 512 * 1024))).status()
                == 201) {
            fillers.add(filling.data().getString("id"));
            assertTrue(fillers.size() < 64, "the room above the floor cannot take 32 MiB more");
        }
        assertUnavailable(filling);
        assertUnavailable(client.post("/api/v1/snippets", snippet("one more")));
        assertUnavailable(client.patch(
                "/api/v1/snippets/" + snippetId,
                Json.createObjectBuilder().add("title", "renamed").build()));
        assertEquals(
                "full",
                client.get("/api/v1/snippets/" + snippetId).data().getString("title"),
                "a refused PATCH changed nothing");
        assertEquals(200, client.get("/api/v1/snippets").status());
        assertArrayEquals(
                content,
                client.get("/api/v1/attachments/" + stored.get(0) + "/download").body());
        assertEquals(200, unusedToken.get("/api/v1/auth/whoami").status(), "a token's first use needs no write");
        assertEquals(200, signedIn().get("/api/v1/auth/whoami").status());
        Reply notReady = new ApiClient(base).get("/api/ready");
        assertEquals(503, notReady.status(), notReady::toString);
        assertTrue(notReady.text().contains("\"disk-space\""), notReady::toString);
        assertEquals(
                200, new ApiClient(base).get("/api/health").status(), "the service is alive; a restart would not help");

        for (String id : stored) {
            assertEquals(200, client.delete("/api/v1/attachments/" + id).status());
            assertEquals(404, client.get("/api/v1/attachments/" + id).status());
        }
        for (String id : fillers) {
            assertEquals(
                    200, client.delete("/api/v1/snippets/" + id).status(), "moving to the trash works on a full disk");
            assertEquals(
                    200, client.delete("/api/v1/trash/" + id).status(), "and so does purging, which frees the room");
        }

        assertEquals(200, new ApiClient(base).get("/api/ready").status());
        assertEquals(201, client.post("/api/v1/snippets", snippet("room again")).status());
        assertEquals(201, upload(client, snippetId, content).status());
    }

    @Test
    void filledBySomethingElseWritesAnswerTheTruthNever500AndWorkOnceSpaceIsFreed() throws IOException {
        ApiClient client = withNewToken();
        String kept = client.post("/api/v1/snippets", snippet("kept")).data().getString("id");
        String deleted =
                client.post("/api/v1/snippets", snippet("to delete")).data().getString("id");
        Path filler = mount.resolve("filler");
        try {
            disk.fill(filler);
            // the database may still have free pages of its own: write until it has none either
            Reply write;
            int written = 0;
            while ((write = client.post("/api/v1/snippets", snippet("filling " + written, 512 * 1024))).status()
                    == 201) {
                assertEquals(
                        200,
                        client.get("/api/v1/snippets/" + write.data().getString("id"))
                                .status());
                assertTrue(++written < 100, "40 MiB cannot hold 100 snippets of half a MiB");
            }
            assertUnavailable(write);

            Reply patch = client.patch(
                    "/api/v1/snippets/" + kept,
                    Json.createObjectBuilder().add("title", "renamed").build());
            assertTrue(patch.status() == 200 || patch.status() == 503, patch::toString);
            assertEquals(
                    patch.status() == 200 ? "renamed" : "kept",
                    client.get("/api/v1/snippets/" + kept).data().getString("title"),
                    "the answer to the PATCH tells what happened");
            Reply delete = client.delete("/api/v1/snippets/" + deleted);
            assertTrue(delete.status() == 200 || delete.status() == 503, delete::toString);
            assertEquals(
                    delete.status() == 200 ? 404 : 200,
                    client.get("/api/v1/snippets/" + deleted).status(),
                    "the answer to the DELETE tells what happened");
            assertEquals(200, client.get("/api/v1/snippets?limit=5").status());
        } finally {
            Files.deleteIfExists(filler);
        }

        assertEquals(
                201, client.post("/api/v1/snippets", snippet("space again")).status());
        assertEquals(
                200,
                client.patch(
                                "/api/v1/snippets/" + kept,
                                Json.createObjectBuilder()
                                        .add("title", "renamed again")
                                        .build())
                        .status());
        assertEquals(200, new ApiClient(base).get("/api/ready").status());
    }

    @Test
    void anUploadThatMeetsAFullDiskHalfwayIs503AndLeavesNothingBehind() throws IOException, SQLException {
        ApiClient client = withNewToken();
        String snippetId = client.post("/api/v1/snippets", snippet("half an upload"))
                .data()
                .getString("id");
        byte[] content = new byte[(int) (24 * MIB)];
        new Random(24).nextBytes(content);
        Multipart body = new Multipart().file("file", "half.bin", "application/octet-stream", content);
        Path filler = mount.resolve("filler");
        try {
            disk.fill(filler);
            try (FileChannel room = FileChannel.open(filler, StandardOpenOption.WRITE)) {
                room.truncate(room.size()
                        - 24 * MIB); // room for the first steps, not for the whole upload beside its staging file
            }
            // streamed without a Content-Length, so that nothing refuses it before its bytes arrive
            Reply reply = client.sendStream(
                    "POST", "/api/v1/snippets/" + snippetId + "/attachments", body.contentType(), body.bytes());

            assertUnavailable(reply);
        } finally {
            Files.deleteIfExists(filler);
        }

        assertEquals(0, client.get("/api/v1/snippets/" + snippetId).data().getInt("attachmentCount"));
        try (Connection database =
                        DriverManager.getConnection("jdbc:sqlite:file:" + mount.resolve("snippets.db") + "?mode=ro");
                PreparedStatement attachments =
                        database.prepareStatement("SELECT COUNT(*) FROM attachments WHERE snippet_id = ?")) {
            attachments.setString(1, snippetId);
            try (ResultSet unfinished = attachments.executeQuery()) {
                assertEquals(0, unfinished.getLong(1), "the steps already written are removed");
            }
        }
        try (Stream<Path> staged = Files.list(mount.resolve("staging"))) {
            assertEquals(List.of(), staged.toList(), "no staging file is left");
        }
        assertEquals(
                201,
                upload(client, snippetId, Arrays.copyOf(content, (int) MIB)).status());
    }
}
