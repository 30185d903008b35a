package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Password sign-in turned off ({@code SNIPPETS_LOCAL_LOGIN=false}), on a Payara Micro of the
 * test's own (Payara execution only): only the break-glass administrator still signs in with a
 * password, and every such sign-in is audited as such.
 */
@Tag(TestTags.OWN_SERVER)
class LocalLoginOffIT {

    @TempDir
    static Path data;

    private static OwnPayaraMicro server;

    @BeforeAll
    static void start() throws Exception {
        server = OwnPayaraMicro.start(
                "local-login-off", Map.of("SNIPPETS_DATA_DIR", data.toString(), "SNIPPETS_LOCAL_LOGIN", "false"));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
    }

    @Test
    void onlyTheBreakGlassAdministratorSignsInWithAPasswordAndEachTimeIsAudited() {
        ApiClient admin = server.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
        String username = OwnPayaraMicro.newUser(admin, "local-one", "local-one-password");

        Reply refused = new ApiClient(server.base())
                .post(
                        "/api/v1/auth/login",
                        Json.createObjectBuilder()
                                .add("username", username)
                                .add("password", "local-one-password")
                                .build());
        assertEquals(403, refused.status(), refused::toString);
        assertEquals("forbidden", refused.errorCode());
        assertFalse(new ApiClient(server.base()).get("/api/v1/auth/oidc").data().getBoolean("localLogin"));

        JsonObject breakGlass = admin
                .get("/api/v1/audit?action=login&limit=200")
                .json()
                .getJsonArray("data")
                .getValuesAs(JsonObject.class)
                .stream()
                .filter(record -> TestUsers.ADMIN.equals(record.getString("username", null))
                        && record.getString("outcome").equals("success"))
                .findFirst()
                .orElseThrow();
        assertTrue(breakGlass.getString("detail").contains("break-glass"), breakGlass::toString);
        assertTrue(
                admin
                        .get("/api/v1/audit?action=login&limit=200")
                        .json()
                        .getJsonArray("data")
                        .getValuesAs(JsonObject.class)
                        .stream()
                        .anyMatch(record -> record.getString("outcome").equals("failure")
                                && String.valueOf(record.get("detail")).contains("turned off")),
                "the refused password sign-in is audited");
    }
}
