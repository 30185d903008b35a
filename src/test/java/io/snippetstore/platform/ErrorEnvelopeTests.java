package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import jakarta.json.JsonObject;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import org.junit.jupiter.api.Test;

public abstract class ErrorEnvelopeTests {

    private final ApiClient client = new ApiClient();

    static void assertEnvelope(Reply reply, int status, String code) {
        assertEquals(status, reply.status(), reply::toString);
        assertTrue(reply.header("Content-Type").startsWith("application/json"), reply.header("Content-Type"));
        JsonObject body = reply.json();
        assertFalse(body.getBoolean("ok"));
        assertEquals(code, body.getJsonObject("error").getString("code"));
        assertFalse(body.getJsonObject("error").getString("message").isBlank());
    }

    @Test
    void anUnknownPathUnderTheApiIsA404InTheEnvelope() {
        assertEnvelope(client.get("/api/v1/no-such-thing"), 404, "not_found");
        assertEnvelope(client.get("/api/v1/"), 404, "not_found");
    }

    @Test
    void aWrongMethodIsA405InTheEnvelopeWithAllow() {
        Reply reply = client.send("PUT", "/api/health", "application/json", "{}", Map.of());

        assertEnvelope(reply, 405, "method_not_allowed");
        assertNotNull(reply.header("Allow"));
    }
}
