package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class CredentialLineTest {

    private static JsonObject whoami(String collections) {
        return Json.createReader(new java.io.StringReader("{\"authMethod\":\"token\",\"scopes\":[\"snippets:read\"],"
                        + "\"collections\":" + collections + ",\"expiresAt\":null,\"expiresSoon\":false}"))
                .readObject();
    }

    @Test
    void aTokenLimitedToCollectionsSaysWhichAndAnUnlimitedOneSaysNothingOfThem() {
        assertEquals(
                "May: snippets:read; only in collections c1, c2; does not expire.",
                AuthCommands.credentialLine(whoami("[\"c1\",\"c2\"]")));
        assertEquals("May: snippets:read; does not expire.", AuthCommands.credentialLine(whoami("null")));
    }
}
