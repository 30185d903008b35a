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

    @Test
    void malformedJsonIsABadRequest() {
        assertEnvelope(client.send("POST", "/api/v1/auth/login", "application/json", "{\"username\": ", Map.of()), 400, "bad_request");
        assertEnvelope(client.send("POST", "/api/v1/auth/login", "application/json", "[]", Map.of()), 400, "bad_request");
        assertEnvelope(client.send("POST", "/api/v1/auth/login", "application/json", "", Map.of()), 400, "bad_request");
    }

    @Test
    void aWrongJsonTypeIsABadRequestNamingTheField() {
        Reply reply = client.send("POST", "/api/v1/auth/login", "application/json", "{\"username\": 5, \"password\": \"x\"}", Map.of());

        assertEnvelope(reply, 400, "bad_request");
        assertEquals("username", reply.json().getJsonObject("error").getJsonArray("details").getJsonObject(0).getString("field"));
    }

    @Test
    void anUnknownJsonFieldIsAValidationFailureNamingIt() {
        Reply reply = client.send("POST", "/api/v1/auth/login", "application/json",
                "{\"username\": \"a\", \"password\": \"b\", \"remember\": true}", Map.of());

        assertEnvelope(reply, 400, "validation_failed");
        assertEquals("remember", reply.json().getJsonObject("error").getJsonArray("details").getJsonObject(0).getString("field"));
    }

    @Test
    void aJsonBodyOverTwoMebibytesIsPayloadTooLarge() {
        String big = "{\"username\": \"" + "a".repeat(2 * 1024 * 1024) + "\", \"password\": \"b\"}";

        assertEnvelope(client.send("POST", "/api/v1/auth/login", "application/json", big, Map.of()), 413, "payload_too_large");
    }

    @Test
    void aBodyThatIsNotJsonIsUnsupportedMediaType() {
        assertEnvelope(client.send("POST", "/api/v1/auth/login", "text/plain", "username=a", Map.of()), 415, "unsupported_media_type");
        assertEnvelope(client.send("POST", "/api/v1/auth/login", "application/x-www-form-urlencoded", "username=a", Map.of()),
                415, "unsupported_media_type");
    }

    @Test
    void anAcceptHeaderThatExcludesJsonIsNotAcceptable() {
        assertEnvelope(client.send("GET", "/api/v1/auth/whoami", null, (String) null, Map.of("Accept", "text/html")), 406, "not_acceptable");
    }

    @Test
    void successfulResponsesDeclareJsonInUtf8() {
        Reply reply = client.get("/api/ready");

        assertEquals("application/json;charset=utf-8", reply.header("Content-Type").replace(" ", "").toLowerCase());
    }
}
