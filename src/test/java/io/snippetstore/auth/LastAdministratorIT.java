package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
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
 * The service always keeps one enabled administrator, on a Payara Micro of the test's own (Payara
 * execution only; the shared server has many administrators): demoting or disabling the last one
 * is a {@code 409}, and once a second one exists, the first may go.
 */
@Tag(TestTags.OWN_SERVER)
class LastAdministratorIT {

    @TempDir
    static Path data;

    private static OwnPayaraMicro server;

    @BeforeAll
    static void start() throws Exception {
        server = OwnPayaraMicro.start("last-administrator", Map.of("SNIPPETS_DATA_DIR", data.toString()));
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
}
