package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two errors of the service's own making (docs/API.md, "Errors"), staged for real on a Payara
 * Micro of the test's own: another program holding SQLite's write lock past the waits makes a
 * write {@code 503 unavailable} that changed nothing; a table gone from under the service makes a
 * {@code 500 internal} whose answer is only an incident id, which the log holds with the cause.
 */
@Tag(TestTags.OWN_SERVER)
class DatabaseTroubleIT {

    private static final Pattern INCIDENT = Pattern.compile("Incident ([0-9a-f-]{36})");

    @TempDir
    static Path data;

    private static OwnPayaraMicro server;
    private static ApiClient owner;
    private static String token;

    @BeforeAll
    static void start() throws Exception {
        server = OwnPayaraMicro.start(
                "database-trouble",
                Map.of(
                        "SNIPPETS_DATA_DIR", data.toString(),
                        "SNIPPETS_SQLITE_BUSY_TIMEOUT_MS", "1000",
                        "SNIPPETS_WRITE_WAIT_SECONDS", "2"));
        token = TestUsers.newToken(server.session(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD), "trouble");
        owner = new ApiClient(server.base()).withBearer(token);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
    }

    /** A connection of another program to the service's database file. */
    private static Connection anotherProgram() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + data.resolve("snippets.db"));
    }

    private static JsonObject snippet(String title) {
        return Json.createObjectBuilder()
                .add("title", title)
                .add("language", "text")
                .add("code", "x")
                .add("tags", Json.createArrayBuilder())
                .build();
    }

    private static String incidentOf(Reply reply) {
        Matcher incident = INCIDENT.matcher(reply.json().getJsonObject("error").getString("message"));
        assertTrue(incident.find(), reply::toString);
        return incident.group(1);
    }

    @Test
    void aWriteThatCannotHaveTheDatabaseWithinTheWaitIs503AndChangesNothing() throws Exception {
        Reply refused;
        try (Connection other = anotherProgram();
                Statement lock = other.createStatement()) {
            lock.execute("BEGIN IMMEDIATE"); // SQLite's write lock, held until the rollback

            refused = owner.post("/api/v1/snippets", snippet("written while locked"));

            lock.execute("ROLLBACK");
        }

        assertEquals(503, refused.status(), refused::toString);
        assertEquals("unavailable", refused.errorCode());
        String incident = incidentOf(refused);
        assertTrue(Files.readString(server.log()).contains("Incident " + incident), "the log has " + incident);
        assertEquals(
                0,
                owner.get("/api/v1/snippets?query=locked")
                        .json()
                        .getJsonArray("data")
                        .size(),
                "nothing was written");
        assertEquals(
                201, owner.post("/api/v1/snippets", snippet("written after")).status(), "the lock is gone");
    }

    @Test
    void aFailureNobodyForesawIs500WithOnlyAnIncidentIdWhichTheLogHoldsWithTheCause() throws Exception {
        String id =
                owner.post("/api/v1/snippets", snippet("with history")).data().getString("id");
        assertEquals(
                200,
                owner.patch(
                                "/api/v1/snippets/" + id,
                                Json.createObjectBuilder()
                                        .add("title", "changed")
                                        .build())
                        .status());
        Reply failed;
        try (Connection other = anotherProgram();
                Statement schema = other.createStatement()) {
            schema.execute("ALTER TABLE snippet_revisions RENAME TO snippet_revisions_elsewhere");
            try {
                // the document declares no 500 for any operation: this one is staged
                failed = ApiClient.outsideTheContract(server.base())
                        .withBearer(token)
                        .get("/api/v1/snippets/" + id + "/revisions");
            } finally {
                schema.execute("ALTER TABLE snippet_revisions_elsewhere RENAME TO snippet_revisions");
            }
        }

        assertEquals(500, failed.status(), failed::toString);
        assertEquals("internal", failed.errorCode());
        String incident = incidentOf(failed);
        assertEquals(
                "The server could not complete the request. Incident " + incident + ".",
                failed.json().getJsonObject("error").getString("message"),
                "no SQL, no table, no stack trace");
        assertFalse(failed.text().contains("snippet_revisions"), failed::toString);
        String log = Files.readString(server.log());
        int logged = log.indexOf("Incident " + incident);
        assertTrue(logged >= 0, "the log has " + incident);
        assertTrue(
                log.substring(logged, Math.min(log.length(), logged + 20_000)).contains("no such table"),
                "the log holds the cause beside the incident id");
        assertEquals(200, owner.get("/api/v1/snippets/" + id + "/revisions").status(), "the table is back");
    }
}
