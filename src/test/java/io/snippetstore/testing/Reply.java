package io.snippetstore.testing;

import java.io.StringReader;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;

/** One HTTP response as a test sees it. */
public record Reply(int status, HttpHeaders headers, byte[] body) {

    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public JsonObject json() {
        try (JsonReader reader = Json.createReader(new StringReader(text()))) {
            return reader.readObject();
        }
    }

    /** {@code data} of a success envelope. */
    public JsonObject data() {
        return json().getJsonObject("data");
    }

    /** {@code error.code} of a failure envelope. */
    public String errorCode() {
        return json().getJsonObject("error").getString("code");
    }

    public String header(String name) {
        return headers.firstValue(name).orElse(null);
    }

    @Override
    public String toString() {
        return status + " " + text();
    }
}
