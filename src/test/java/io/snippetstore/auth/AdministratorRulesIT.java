package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

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
 * Rules an administrator's service keeps for everyone, on a Payara Micro of the test's own (the
 * shared server has many administrators and no cap on tokens): one enabled administrator always
 * stays (demoting or disabling the last one is a {@code 409}; once a second one exists, the
 * first may go), and an operator's cap on every new token's life ({@code SNIPPETS_TOKEN_MAX_DAYS}).
 */
@Tag(TestTags.OWN_SERVER)
class AdministratorRulesIT {

    private static final int TOKEN_MAX_DAYS = 30;

    @TempDir
    static Path data;

    private static OwnPayaraMicro server;

    @BeforeAll
    static void start() throws Exception {
        server = OwnPayaraMicro.start(
                "administrator-rules",
                Map.of(
                        "SNIPPETS_DATA_DIR",
                        data.toString(),
                        "SNIPPETS_TOKEN_MAX_DAYS",
                        String.valueOf(TOKEN_MAX_DAYS)));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
    }

    @Test
    void theLastEnabledAdministratorCanBeNeitherDemotedNorDisabledUntilThereIsAnother() {
        ApiClient admin =
                server.session(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD); // a role changes with a session only
        String adminId = admin.get("/api/v1/auth/whoami").data().getString("userId");

        for (var change :
                new String[] {"{\"role\":\"user\"}", "{\"disabled\":true}", "{\"role\":\"user\",\"disabled\":true}"}) {
            Reply refused = admin.send("PATCH", "/api/v1/users/" + adminId, "application/json", change, Map.of());
            assertEquals(409, refused.status(), change + " -> " + refused);
            assertEquals("conflict", refused.errorCode());
        }
        assertEquals("admin", admin.get("/api/v1/auth/whoami").data().getString("role"), "nothing changed");

        String second = OwnPayaraMicro.newUser(admin, "second-admin", "second-admin-password");
        String secondId = admin.get("/api/v1/users").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(user -> user.getString("username").equals(second))
                .findFirst()
                .orElseThrow()
                .getString("id");
        Reply promoted = admin.patch(
                "/api/v1/users/" + secondId,
                Json.createObjectBuilder().add("role", "admin").build());
        assertEquals(200, promoted.status(), promoted::toString);
        Reply demoted = admin.patch(
                "/api/v1/users/" + adminId,
                Json.createObjectBuilder().add("role", "user").build());
        assertEquals(200, demoted.status(), demoted::toString);

        ApiClient secondAdmin = server.session(second, "second-admin-password");
        Reply lastOneDisabled = secondAdmin.patch(
                "/api/v1/users/" + secondId,
                Json.createObjectBuilder().add("disabled", true).build());
        assertEquals(409, lastOneDisabled.status(), "now the second one is the last: " + lastOneDisabled);
    }

    @Test
    void underAMaximumLifetimeATokenWithoutOneLivesThatLongAndALongerOneIsRefused() {
        ApiClient session = server.session(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
        Instant before = Instant.now();

        Reply unasked = session.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", "capped").build());
        assertEquals(201, unasked.status(), unasked::toString);
        Instant expires = Instant.parse(unasked.data().getString("expiresAt"));
        assertTrue(
                !expires.isBefore(before.plus(Duration.ofDays(TOKEN_MAX_DAYS)).minusSeconds(5))
                        && !expires.isAfter(Instant.now().plus(Duration.ofDays(TOKEN_MAX_DAYS))),
                "it lives the cap: " + expires);
        Reply shorter = session.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder()
                        .add("name", "short")
                        .add("expiresInDays", 7)
                        .build());
        assertEquals(201, shorter.status(), shorter::toString);
        Reply longer = session.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder()
                        .add("name", "long")
                        .add("expiresInDays", TOKEN_MAX_DAYS + 1)
                        .build());
        assertEquals(400, longer.status(), longer::toString);
        assertEquals("validation_failed", longer.errorCode());
        assertEquals(
                "expiresInDays",
                longer.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"));
    }
}
