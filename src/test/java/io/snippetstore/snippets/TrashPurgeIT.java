package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The background upkeep, on a Payara Micro of the test's own (Payara execution only) whose trash
 * keeps nothing ({@code SNIPPETS_TRASH_DAYS=0}) and which keeps two versions of each snippet
 * ({@code SNIPPETS_REVISIONS_KEEP=2}).
 */
@Tag(TestTags.OWN_SERVER)
class TrashPurgeIT {

    @TempDir
    static Path data;

    private static OwnPayaraMicro server;
    private static ApiClient user;

    @BeforeAll
    static void start() throws Exception {
        server = OwnPayaraMicro.start(
                "trash-purge",
                Map.of(
                        "SNIPPETS_DATA_DIR",
                        data.toString(),
                        "SNIPPETS_TRASH_DAYS",
                        "0",
                        "SNIPPETS_REVISIONS_KEEP",
                        "2"));
        ApiClient admin = server.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
        user = server.signIn(OwnPayaraMicro.newUser(admin, "purged", "purged-password"), "purged-password");
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
    }

    @Test
    void aSnippetPastItsTimeInTheTrashIsPurgedWithItsAttachmentsByTheUpkeep() throws InterruptedException {
        String id = create(user, snippet("short-lived", "text", "x")).getString("id");
        Reply upload = new Multipart()
                .file("file", "a.txt", "text/plain", "bytes".getBytes(StandardCharsets.UTF_8))
                .postTo(user, "/api/v1/snippets/" + id + "/attachments");
        assertEquals(201, upload.status(), upload::toString);
        assertEquals(200, user.delete("/api/v1/snippets/" + id).status());

        long deadline = System.nanoTime() + 60_000_000_000L;
        List<JsonObject> trash;
        do {
            Thread.sleep(500);
            trash = user.get("/api/v1/trash").json().getJsonArray("data").getValuesAs(JsonObject.class);
        } while (!trash.isEmpty() && System.nanoTime() < deadline);

        assertEquals(List.of(), trash, "purged within a minute (the upkeep runs every 10 s)");
        assertEquals(
                404,
                user.post("/api/v1/trash/" + id + "/restore", JsonValue.EMPTY_JSON_OBJECT)
                        .status());
        assertEquals(
                404,
                user.get("/api/v1/attachments/" + upload.data().getString("id")).status());
    }

    @Test
    void onlyTheNewestVersionsTheSettingKeepsRemainInTheHistory() {
        String id = create(user, snippet("kept two", "text", "v1")).getString("id");
        for (int version = 2; version <= 5; version++) {
            assertEquals(
                    200,
                    user.patch(
                                    "/api/v1/snippets/" + id,
                                    Json.createObjectBuilder()
                                            .add("code", "v" + version)
                                            .build())
                            .status());
        }

        List<JsonObject> history = user.get("/api/v1/snippets/" + id + "/revisions")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class);

        assertEquals(
                List.of(5, 4),
                history.stream().map(version -> version.getInt("version")).toList());
        assertEquals(
                "v4", user.get("/api/v1/snippets/" + id + "/revisions/4").data().getString("code"));
        assertEquals(404, user.get("/api/v1/snippets/" + id + "/revisions/3").status());
    }
}
