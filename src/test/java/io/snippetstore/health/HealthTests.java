package io.snippetstore.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

public abstract class HealthTests {

    private final ApiClient anonymous = new ApiClient();

    @Test
    void livenessAnswersUpInTheMicroProfileHealthFormatWithoutAuthentication() {
        Reply reply = anonymous.get("/api/health");

        assertEquals(200, reply.status());
        assertTrue(reply.header("Content-Type").startsWith("application/json"));
        JsonObject health = reply.json();
        assertEquals("UP", health.getString("status"));
        assertFalse(health.getJsonArray("checks").isEmpty());
        assertFalse(health.containsKey("ok"), "health is not wrapped in the API envelope");
    }

    @Test
    void readinessReportsTheMigratedDatabaseAsUp() {
        Reply reply = anonymous.get("/api/ready");

        assertEquals(200, reply.status());
        JsonObject database = reply.json().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("database"))
                .findFirst()
                .orElseThrow();
        assertEquals("UP", database.getString("status"));
    }

    /** Where the server serves MicroProfile Health: beside the application, or (WildFly) on its management port. */
    private static final String SERVERS_OWN_HEALTH = System.getProperty("snippets.serverHealth", "/health");

    @Test
    void theServersOwnHealthEndpointShowsTheSameChecks() {
        Reply reply = anonymous.get(SERVERS_OWN_HEALTH);

        assertEquals(200, reply.status());
        String names = reply.json().getJsonArray("checks").toString();
        assertTrue(names.contains("\"database\"") && names.contains("\"application\""), names);
    }

    @Test
    void healthEndpointsRejectOtherMethods() {
        assertEquals(405, anonymous.delete("/api/health").status());
        assertEquals(
                405,
                anonymous
                        .sendBytes("POST", "/api/ready", null, null, java.util.Map.of())
                        .status());
    }
}
