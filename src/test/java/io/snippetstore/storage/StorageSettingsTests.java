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

    private JsonObject countsInTheDatabase() {
        return Json.createObjectBuilder()
                .add("users", Database.number("SELECT COUNT(*) FROM users"))
                .add("snippets", Database.number("SELECT COUNT(*) FROM snippets"))
                .add("attachments", Database.number("SELECT COUNT(*) FROM attachments"))
                .add("attachmentBytes", Database.number("SELECT COALESCE(SUM(size), 0) FROM attachments"))
                .build();
    }

    /**
     * The counts are global, so another test writing at the same time would change them: they are
     * compared with the database's own only when it holds the same counts just before and just
     * after the request.
     */
    private void assertTheCountsAreTheDatabasesOwn() {
        for (int attempt = 0; attempt < 20; attempt++) {
            JsonObject before = countsInTheDatabase();
            JsonObject reported = admin.get("/api/v1/storage").data().getJsonObject("counts");
            if (before.equals(countsInTheDatabase())) {
                assertEquals(before, reported);
                return;
            }
        }
        throw new AssertionError("the database's counts never stood still for one request");
    }

    @Test
    void theSettingsDescribeTheSqliteDatabaseAndWhatItHolds() {
        ApiClient user = TestUsers.withToken(TestUsers.create());
        String snippetId = SnippetsApi.create(user, SnippetsApi.snippet("counted", "x", "y"))
                .getString("id");
        Reply attached = new Multipart()
                .file("file", "counted.bin", null, new byte[1234])
                .postTo(user, "/api/v1/snippets/" + snippetId + "/attachments");
        assertEquals(201, attached.status(), attached::toString);

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
        assertTrue(
                counts.getInt("users") >= 2
                        && counts.getInt("snippets") >= 1
                        && counts.getInt("attachments") >= 1
                        && counts.getJsonNumber("attachmentBytes").longValue() >= 1234,
                counts::toString);
        assertTheCountsAreTheDatabasesOwn();
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
