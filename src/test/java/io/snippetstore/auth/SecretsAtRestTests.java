package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

public abstract class SecretsAtRestTests {

    @Test
    void theDatabaseFilesHoldNoPasswordTokenOrCodeInClear() throws IOException {
        String username = TestUsers.uniqueName("secret");
        String password = "clear-text-password-" + username;
        Reply created = TestUsers.admin()
                .post(
                        "/api/v1/users",
                        Json.createObjectBuilder()
                                .add("username", username)
                                .add("password", password)
                                .build());
        assertEquals(201, created.status());
        ApiClient browser = TestUsers.signedIn(username, password);
        String token = TestUsers.newToken(browser, "at rest");
        String code = BrowserLoginTests.codeFor(browser);

        Path dataDir = Path.of(System.getProperty("snippets.dataDir"));
        StringBuilder stored = new StringBuilder();
        for (Path file : List.of(dataDir.resolve("snippets.db"), dataDir.resolve("snippets.db-wal"))) {
            if (Files.exists(file)) {
                stored.append(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
            }
        }
        String bytes = stored.toString();
        assertTrue(bytes.contains(username), "these are the files that hold the new user's row");
        assertFalse(bytes.contains(password), "password in clear");
        assertFalse(bytes.contains(token.substring(4)), "token in clear");
        assertFalse(bytes.contains(code), "exchange code in clear");
    }
}
