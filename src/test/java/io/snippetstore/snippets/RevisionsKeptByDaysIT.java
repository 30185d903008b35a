package io.snippetstore.snippets;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.OwnPayaraMicro;
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
 * {@code SNIPPETS_REVISIONS_KEEP=7d} (docs/API.md, "History"): the upkeep deletes the versions made
 * more than seven days ago, and always keeps the current one. A Payara Micro of the test's own,
 * whose versions are made older by another program changing their time in the database file.
 */
@Tag(TestTags.OWN_SERVER)
class RevisionsKeptByDaysIT {

    @TempDir
    static Path data;

    private static OwnPayaraMicro server;
    private static ApiClient user;

    @BeforeAll
    static void start() throws Exception {
        server = OwnPayaraMicro.start(
                "revisions-by-days", Map.of("SNIPPETS_DATA_DIR", data.toString(), "SNIPPETS_REVISIONS_KEEP", "7d"));
        ApiClient admin = server.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
        user = server.signIn(OwnPayaraMicro.newUser(admin, "dated", "dated-password"), "dated-password");
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
    }

    private static List<Integer> history(String id) {
        return user.get("/api/v1/snippets/" + id + "/revisions").json().getJsonArray("data").stream()
                .map(version -> version.asJsonObject().getInt("version"))
                .toList();
    }

    /** Moves the versions' time back by {@code age}, as if they had been made then. */
    private static void age(String id, Duration age, int... versions) throws Exception {
        try (Connection database = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("snippets.db"));
                PreparedStatement older = database.prepareStatement(
                        "UPDATE snippet_revisions SET created_at = ? WHERE snippet_id = ? AND version = ?")) {
            for (int version : versions) {
                older.setLong(1, Instant.now().minus(age).toEpochMilli());
                older.setString(2, id);
                older.setInt(3, version);
                assertEquals(1, older.executeUpdate(), "version " + version + " is stored");
            }
        }
    }

    @Test
    void theUpkeepDeletesTheVersionsOlderThanTheDaysKeptButNeverTheCurrentOne() throws Exception {
        JsonObject made = create(user, snippet("dated", "text", "v1"));
        String id = made.getString("id");
        for (int version = 2; version <= 4; version++) {
            assertEquals(
                    200,
                    user.patch(
                                    "/api/v1/snippets/" + id,
                                    Json.createObjectBuilder()
                                            .add("code", "v" + version)
                                            .build())
                            .status());
        }
        assertEquals(List.of(4, 3, 2, 1), history(id));

        age(id, Duration.ofDays(8), 1, 2, 4);
        age(id, Duration.ofDays(6), 3);

        assertEquals(
                List.of(4, 3),
                Eventually.gives(() -> history(id), kept -> kept.size() < 4, "the upkeep (every 10 s)"),
                "eight days old: deleted; six days old: kept; the current version, however old: kept");
        assertEquals(
                "v3", user.get("/api/v1/snippets/" + id + "/revisions/3").data().getString("code"));
        assertEquals(404, user.get("/api/v1/snippets/" + id + "/revisions/1").status());
    }
}
