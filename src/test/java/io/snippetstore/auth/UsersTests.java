package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

public abstract class UsersTests {

    private final ApiClient admin = TestUsers.admin();

    private static JsonObject user(String username, String password) {
        return Json.createObjectBuilder()
                .add("username", username)
                .add("password", password)
                .build();
    }

    @Test
    void anAdministratorCreatesAUserWhoCanSignIn() {
        String username = TestUsers.uniqueName("new");

        Reply created = admin.post("/api/v1/users", user("  " + username + " ", "correct horse"));

        assertEquals(201, created.status(), created::toString);
        assertEquals(username, created.data().getString("username"), "usernames are trimmed");
        assertEquals("user", created.data().getString("role"), "the default role");
        assertFalse(created.text().contains("correct horse"));
        assertTrue(created.header("Location")
                .endsWith("/api/v1/users/" + created.data().getString("id")));
        assertEquals(
                200,
                TestUsers.signedIn(username, "correct horse")
                        .get("/api/v1/auth/whoami")
                        .status());
    }

    @Test
    void theListHasEveryUserWithoutPasswords() {
        TestUsers.TestUser created = TestUsers.create("admin");

        Reply list = admin.get("/api/v1/users");

        assertEquals(200, list.status());
        Set<String> names = list.json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .map(listed -> listed.getString("username"))
                .collect(Collectors.toSet());
        assertTrue(names.contains(created.username()));
        assertTrue(names.contains(TestUsers.ADMIN));
        // no password nor its hash (PBKDF2WithHmacSHA512:iterations:salt:hash); passwordTemporary says only whether one
        // must be changed
        assertFalse(
                list.text().replace("\"passwordTemporary\"", "").toLowerCase().contains("password"), list::toString);
        assertFalse(list.text().contains("PBKDF2"), list::toString);
        assertEquals(
                jakarta.json.JsonValue.NULL,
                list.json().getJsonObject("meta").get("nextCursor"),
                "every user on one page");
    }

    @Test
    void usernamesAreUniqueRegardlessOfCase() {
        String username = TestUsers.uniqueName("Dup");
        assertEquals(
                201,
                admin.post("/api/v1/users", user(username, "first-password")).status());

        Reply duplicate = admin.post("/api/v1/users", user(username.toUpperCase(), "second-password"));

        assertEquals(409, duplicate.status());
        assertEquals("conflict", duplicate.errorCode());
    }

    @Test
    void usernameAndPasswordRulesAreEnforced() {
        assertRejected(user("ab", "long-enough-password"), "username");
        assertRejected(user("x".repeat(65), "long-enough-password"), "username");
        assertRejected(user("has space", "long-enough-password"), "username");
        assertRejected(user("ünïcode", "long-enough-password"), "username");
        assertRejected(user(TestUsers.uniqueName("ok"), "short"), "password");
        assertRejected(user(TestUsers.uniqueName("ok"), "p".repeat(257)), "password");
        assertRejected(
                Json.createObjectBuilder()
                        .add("username", TestUsers.uniqueName("ok"))
                        .add("password", "long-enough")
                        .add("role", "root")
                        .build(),
                "role");
    }

    @Test
    void onlyAdministratorsManageUsers() {
        ApiClient plain = TestUsers.signedIn(TestUsers.create());

        Reply create = plain.post("/api/v1/users", user(TestUsers.uniqueName("nope"), "long-enough-password"));
        Reply list = plain.get("/api/v1/users");

        assertEquals(403, create.status());
        assertEquals("forbidden", create.errorCode());
        assertEquals(403, list.status());
        assertEquals(401, new ApiClient().get("/api/v1/users").status());
    }

    private void assertRejected(JsonObject body, String field) {
        Reply reply = admin.post("/api/v1/users", body);
        assertEquals(400, reply.status(), reply::toString);
        assertEquals("validation_failed", reply.errorCode());
        assertTrue(
                reply.json().getJsonObject("error").getJsonArray("details").getValuesAs(JsonObject.class).stream()
                        .anyMatch(detail -> detail.getString("field").equals(field)),
                reply::toString);
    }
}
