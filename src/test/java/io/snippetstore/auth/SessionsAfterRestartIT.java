package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart ends every browser session (the container keeps them in memory): the Account page's
 * list then shows only the sessions signed in since, not the records of the ones that are gone.
 * On Payara Micros of the test's own, in the Payara execution only.
 */
@Tag(TestTags.OWN_SERVER)
class SessionsAfterRestartIT {

    @TempDir
    Path data;

    @Test
    void sessionsEndedByARestartAreNoLongerListed() throws Exception {
        Map<String, String> environment = Map.of("SNIPPETS_DATA_DIR", data.toString());
        String username;
        try (OwnPayaraMicro server = OwnPayaraMicro.start("sessions-before-restart", environment)) {
            username = OwnPayaraMicro.newUser(
                    server.session(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD), "restarted", "restarted-password");
            ApiClient laptop = server.session(username, "restarted-password");
            server.session(username, "restarted-password");
            assertEquals(2, sessions(laptop).size(), "both sign-ins are listed while the server runs");
        }
        try (OwnPayaraMicro restarted = OwnPayaraMicro.start("sessions-after-restart", environment)) {
            ApiClient phone = restarted.session(username, "restarted-password");
            List<JsonObject> listed = sessions(phone);
            assertEquals(1, listed.size(), "only the sign-in since the restart: " + listed);
            assertTrue(listed.get(0).getBoolean("current"), listed::toString);
        }
    }

    private static List<JsonObject> sessions(ApiClient client) {
        Reply listed = client.get("/api/v1/auth/sessions");
        assertEquals(200, listed.status(), listed::toString);
        return listed.json().getJsonArray("data").getValuesAs(JsonObject.class);
    }
}
