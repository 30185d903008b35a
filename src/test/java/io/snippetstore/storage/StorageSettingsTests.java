package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Multipart;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

public abstract class StorageSettingsTests {

    private final ApiClient admin = TestUsers.admin();

    private long count(String name) {
        return admin.get("/api/v1/storage")
                .data()
                .getJsonObject("counts")
                .getJsonNumber(name)
                .longValue();
    }

    /**
     * The counts follow docs/API.md's rule, not a query of the test's own: a new user, snippet and
     * attachment each count, a snippet in the trash still counts, an unfinished upload does not.
     * The tests run one at a time, so between two readings only this test's changes move them.
     */
    @Test
    void theSettingsDescribeTheSqliteDatabaseAndWhatItHolds() {
        long users = count("users");
        long snippets = count("snippets");
        long attachments = count("attachments");
        long attachmentBytes = count("attachmentBytes");

        ApiClient user = TestUsers.withToken(TestUsers.create());
        String snippetId = SnippetsApi.create(user, SnippetsApi.snippet("counted", "x", "y"))
                .getString("id");
        Reply attached = new Multipart()
                .file("file", "counted.bin", null, new byte[1234])
                .postTo(user, "/api/v1/snippets/" + snippetId + "/attachments");
        assertEquals(201, attached.status(), attached::toString);
        String trashed = SnippetsApi.create(user, SnippetsApi.snippet("in the trash", "x", "y"))
                .getString("id");
        assertEquals(200, user.delete("/api/v1/snippets/" + trashed).status());
        // what an upload still under way has written: its row, marked unfinished
        String unfinished = java.util.UUID.randomUUID().toString();
        long now = System.currentTimeMillis();
        Database.change(
                "INSERT INTO attachments (id, snippet_id, filename, mime_type, size, sha256, created_at,"
                        + " uploading_since) VALUES (?, ?, 'unfinished.bin', 'application/octet-stream', 5000, '', ?, ?)",
                unfinished,
                snippetId,
                now,
                now);
        try {
            Reply reply = admin.get("/api/v1/storage");

            assertEquals(200, reply.status(), reply::toString);
            JsonObject settings = reply.data();
            assertEquals("sqlite", settings.getString("backend"));
            assertEquals(Json.createArrayBuilder().add("sqlite").build(), settings.getJsonArray("supportedBackends"));
            JsonObject database = settings.getJsonObject("database");
            assertTrue(database.getString("path").endsWith("snippets.db"), database::toString);
            assertTrue(database.getJsonNumber("sizeBytes").longValue() > 0);
            assertEquals("wal", database.getString("journalMode"));
            JsonObject counts = settings.getJsonObject("counts");
            assertEquals(users + 1, counts.getJsonNumber("users").longValue(), counts::toString);
            assertEquals(snippets + 2, counts.getJsonNumber("snippets").longValue(), "the trash counts: " + counts);
            assertEquals(
                    attachments + 1,
                    counts.getJsonNumber("attachments").longValue(),
                    "an unfinished upload does not: " + counts);
            assertEquals(
                    attachmentBytes + 1234,
                    counts.getJsonNumber("attachmentBytes").longValue(),
                    counts::toString);
        } finally {
            Database.change("DELETE FROM attachments WHERE id = ?", unfinished);
        }
    }

    @Test
    void selectingSqliteAnswersTheSameSettings() {
        Reply reply = admin.post(
                "/api/v1/storage",
                Json.createObjectBuilder().add("backend", "sqlite").build());

        assertEquals(200, reply.status(), reply::toString);
        assertEquals("sqlite", reply.data().getString("backend"));
        assertEquals("wal", reply.data().getJsonObject("database").getString("journalMode"));
    }

    @Test
    void anyOtherBackendIsUnsupportedAndNamesTheSupportedOnes() {
        Reply reply = admin.post(
                "/api/v1/storage",
                Json.createObjectBuilder().add("backend", "postgres").build());

        assertEquals(400, reply.status());
        assertEquals("unsupported_backend", reply.errorCode());
        assertTrue(reply.json().getJsonObject("error").getString("message").contains("sqlite"));
        assertEquals("sqlite", admin.get("/api/v1/storage").data().getString("backend"));
    }

    @Test
    void aMissingOrNonStringBackendIsAValidationFailure() {
        for (JsonObject body : new JsonObject[] {
            Json.createObjectBuilder().build(),
            Json.createObjectBuilder().add("backend", 5).build(),
            Json.createObjectBuilder().addNull("backend").build(),
            Json.createObjectBuilder()
                    .add("backend", Json.createArrayBuilder().add("sqlite"))
                    .build()
        }) {
            Reply reply = admin.post("/api/v1/storage", body);
            assertEquals(400, reply.status(), body::toString);
            assertEquals("validation_failed", reply.errorCode(), body::toString);
        }
    }

    @Test
    void onlyAdministratorsSeeOrChangeStorage() {
        ApiClient user = TestUsers.signedIn(TestUsers.create());

        assertEquals(403, user.get("/api/v1/storage").status());
        assertEquals(
                "forbidden",
                user.post(
                                "/api/v1/storage",
                                Json.createObjectBuilder()
                                        .add("backend", "sqlite")
                                        .build())
                        .errorCode());
        assertEquals(401, new ApiClient().get("/api/v1/storage").status());
    }
}
