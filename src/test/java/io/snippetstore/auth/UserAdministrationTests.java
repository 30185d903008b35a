package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

/** Administrators change roles, disable and enable users and reset passwords; every user changes their own password. */
public abstract class UserAdministrationTests {

    private final ApiClient admin = TestUsers.admin();

    private Reply update(ApiClient client, String userId, JsonObject change) {
        return client.patch("/api/v1/users/" + userId, change);
    }

    private static Reply login(String username, String password) {
        return new ApiClient()
                .post(
                        "/api/v1/auth/login",
                        Json.createObjectBuilder()
                                .add("username", username)
                                .add("password", password)
                                .build());
    }

    @Test
    void aDisabledUsersSessionsAndTokensStopAtOnceAndSignInIsRefusedUntilEnabledAgain() {
        TestUser user = TestUsers.create();
        ApiClient session = TestUsers.signedIn(user);
        ApiClient token = new ApiClient().withBearer(TestUsers.newToken(session, "before"));
        assertEquals(200, token.get("/api/v1/auth/whoami").status());

        Reply disabled = update(
                admin,
                user.id(),
                Json.createObjectBuilder().add("disabled", true).build());
        assertEquals(200, disabled.status(), disabled::toString);
        assertTrue(disabled.data().getBoolean("disabled"));

        assertEquals(401, session.get("/api/v1/auth/whoami").status());
        assertEquals(401, token.get("/api/v1/snippets").status());
        Reply refused = login(user.username(), user.password());
        assertEquals(403, refused.status(), refused::toString);
        assertEquals("forbidden", refused.errorCode());
        assertEquals(
                401, login(user.username(), "wrong-password").status(), "a wrong password says nothing of the account");
        assertTrue(admin.get("/api/v1/users/" + user.id()).data().getBoolean("disabled"));

        assertEquals(
                200,
                update(
                                admin,
                                user.id(),
                                Json.createObjectBuilder()
                                        .add("disabled", false)
                                        .build())
                        .status());
        assertEquals(200, login(user.username(), user.password()).status());
        assertEquals(200, token.get("/api/v1/auth/whoami").status(), "enabling again suspends nothing more");
    }

    @Test
    void anAdministratorChangesARoleAndOnlyAdministratorsChangeUsers() {
        TestUser user = TestUsers.create();
        ApiClient session = TestUsers.signedIn(user);
        ApiClient token = new ApiClient().withBearer(TestUsers.newToken(session, "role"));
        assertEquals(403, session.get("/api/v1/users").status());
        assertEquals(403, token.get("/api/v1/users").status());
        assertEquals(
                403,
                update(
                                session,
                                user.id(),
                                Json.createObjectBuilder().add("role", "admin").build())
                        .status());

        Reply promoted = update(
                admin,
                user.id(),
                Json.createObjectBuilder().add("role", "admin").build());
        assertEquals(200, promoted.status(), promoted::toString);
        assertEquals("admin", promoted.data().getString("role"));
        assertEquals(200, session.get("/api/v1/users").status(), "the new role applies to the session at once");
        assertEquals(200, token.get("/api/v1/users").status(), "and to a token already in use");

        assertEquals(
                "validation_failed",
                update(
                                admin,
                                user.id(),
                                Json.createObjectBuilder().add("role", "root").build())
                        .errorCode());
        assertEquals(
                "bad_request",
                update(
                                admin,
                                user.id(),
                                Json.createObjectBuilder()
                                        .add("disabled", "yes")
                                        .build())
                        .errorCode());
        assertEquals(
                404,
                update(
                                admin,
                                "no-such-user",
                                Json.createObjectBuilder().add("disabled", true).build())
                        .status());
        Reply demoted = update(
                admin, user.id(), Json.createObjectBuilder().add("role", "user").build());
        assertEquals("user", demoted.data().getString("role"));
        assertEquals(403, session.get("/api/v1/users").status());
        assertEquals(403, token.get("/api/v1/users").status());
    }

    @Test
    void anAdministratorResetsAPassword() {
        TestUser user = TestUsers.create();

        Reply reset = admin.send(
                "PUT",
                "/api/v1/users/" + user.id() + "/password",
                "application/json",
                "{\"password\":\"a-new-password-1\"}",
                java.util.Map.of());
        assertEquals(200, reset.status(), reset::toString);
        assertFalse(reset.text().contains("a-new-password-1"));

        assertEquals(401, login(user.username(), user.password()).status());
        assertEquals(200, login(user.username(), "a-new-password-1").status());
        assertEquals(
                "validation_failed",
                admin.send(
                                "PUT",
                                "/api/v1/users/" + user.id() + "/password",
                                "application/json",
                                "{\"password\":\"short\"}",
                                java.util.Map.of())
                        .errorCode());
    }

    @Test
    void everyUserChangesTheirOwnPasswordWithTheCurrentOneAndOnlyInABrowserSession() {
        TestUser user = TestUsers.create();
        ApiClient session = TestUsers.signedIn(user);
        JsonObject wrong = Json.createObjectBuilder()
                .add("currentPassword", "not-it")
                .add("newPassword", "changed-password-1")
                .build();
        Reply refused = session.post("/api/v1/auth/password", wrong);
        assertEquals("validation_failed", refused.errorCode(), refused::toString);
        assertEquals(
                "currentPassword",
                refused.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"));

        JsonObject right = Json.createObjectBuilder()
                .add("currentPassword", user.password())
                .add("newPassword", "changed-password-1")
                .build();
        ApiClient token = new ApiClient().withBearer(TestUsers.newToken(session, "no password changes"));
        assertEquals(
                "session_required", token.post("/api/v1/auth/password", right).errorCode());
        assertEquals(401, new ApiClient().post("/api/v1/auth/password", right).status());

        Reply changed = session.post("/api/v1/auth/password", right);
        assertEquals(200, changed.status(), changed::toString);
        assertEquals(401, login(user.username(), user.password()).status());
        assertEquals(200, login(user.username(), "changed-password-1").status());
        assertEquals(200, session.get("/api/v1/auth/whoami").status(), "the session that changed it goes on");
    }

    @Test
    void aNewPasswordIsHeldToTheLimitsOfAnyPasswordAndWrongCurrentOnesThrottleTheUsername() {
        TestUser user = TestUsers.create();
        ApiClient session = TestUsers.signedIn(user);
        for (String tooShortOrLong : List.of("p".repeat(7), "p".repeat(257))) {
            Reply refused = session.post(
                    "/api/v1/auth/password",
                    Json.createObjectBuilder()
                            .add("currentPassword", user.password())
                            .add("newPassword", tooShortOrLong)
                            .build());
            assertEquals(400, refused.status(), tooShortOrLong.length() + ": " + refused);
            assertEquals("validation_failed", refused.errorCode());
        }
        assertEquals(200, login(user.username(), user.password()).status(), "nothing changed");

        // a wrong current password is a failed login of the username: ten of them, and it is throttled
        ApiClient other = TestUsers.signedIn(user);
        for (int i = 0; i < 10; i++) {
            Reply wrong = other.post(
                    "/api/v1/auth/password",
                    Json.createObjectBuilder()
                            .add("currentPassword", "wrong-" + i)
                            .add("newPassword", "never-set-password")
                            .build());
            assertEquals("validation_failed", wrong.errorCode(), wrong::toString);
        }
        Reply throttled = login(user.username(), user.password());
        assertEquals(429, throttled.status(), "even the right password, until the back-off passes: " + throttled);
        assertEquals("rate_limited", throttled.errorCode());
        assertTrue(Integer.parseInt(throttled.header("Retry-After")) > 0, throttled::toString);
    }

    @Test
    void changingOnesPasswordEndsEveryOtherSessionAndKeepsTokensUnlessAsked() {
        TestUser user = TestUsers.create();
        ApiClient changing = TestUsers.signedIn(user);
        ApiClient elsewhere = TestUsers.signedIn(user);
        ApiClient token = new ApiClient().withBearer(TestUsers.newToken(changing, "kept"));

        Reply changed = changing.post(
                "/api/v1/auth/password",
                Json.createObjectBuilder()
                        .add("currentPassword", user.password())
                        .add("newPassword", "changed-password-2")
                        .build());

        assertEquals(200, changed.status(), changed::toString);
        assertEquals(1, changed.data().getInt("otherSessionsEnded"));
        assertEquals(0, changed.data().getInt("tokensRevoked"));
        assertEquals(200, changing.get("/api/v1/auth/whoami").status(), "the session that changed it goes on");
        assertEquals(401, elsewhere.get("/api/v1/auth/whoami").status(), "every other session ends");
        assertEquals(200, token.get("/api/v1/auth/whoami").status(), "tokens stay unless asked");

        Reply again = changing.post(
                "/api/v1/auth/password",
                Json.createObjectBuilder()
                        .add("currentPassword", "changed-password-2")
                        .add("newPassword", "changed-password-3")
                        .add("revokeTokens", true)
                        .build());
        assertEquals(1, again.data().getInt("tokensRevoked"), again::toString);
        assertEquals(401, token.get("/api/v1/auth/whoami").status(), "revoked with revokeTokens");
        assertEquals(200, changing.get("/api/v1/auth/whoami").status());
    }

    @Test
    void anAdministratorsResetEndsEveryOneOfTheUsersSessionsAndOnRequestTheirTokens() {
        TestUser user = TestUsers.create();
        ApiClient session = TestUsers.signedIn(user);
        ApiClient token = new ApiClient().withBearer(TestUsers.newToken(TestUsers.signedIn(user), "theirs"));

        Reply reset = admin.send(
                "PUT",
                "/api/v1/users/" + user.id() + "/password",
                "application/json",
                "{\"password\":\"a-new-password-2\",\"revokeTokens\":true}",
                java.util.Map.of());

        assertEquals(200, reset.status(), reset::toString);
        assertEquals(user.username(), reset.data().getString("username"));
        assertEquals(2, reset.data().getInt("sessionsEnded"));
        assertEquals(1, reset.data().getInt("tokensRevoked"));
        assertEquals(401, session.get("/api/v1/auth/whoami").status());
        assertEquals(401, token.get("/api/v1/auth/whoami").status());
    }

    @Test
    void anAdministratorCannotResetTheirOwnPasswordWithoutTheCurrentOne() {
        TestUser other = TestUsers.create("admin");
        ApiClient session = TestUsers.signedIn(other);
        ApiClient token = new ApiClient().withBearer(TestUsers.newToken(session, "leaked"));

        Reply refused = token.send(
                "PUT",
                "/api/v1/users/" + other.id() + "/password",
                "application/json",
                "{\"password\":\"taken-over-password\"}",
                java.util.Map.of());

        Reply ownBySession = session.send(
                "PUT",
                "/api/v1/users/" + other.id() + "/password",
                "application/json",
                "{\"password\":\"taken-over-password\"}",
                java.util.Map.of());

        assertEquals(403, refused.status(), refused::toString);
        assertEquals("session_required", refused.errorCode(), "no token resets a password");
        assertEquals(403, ownBySession.status(), ownBySession::toString);
        assertEquals(
                "forbidden",
                ownBySession.errorCode(),
                "one's own, not even with a session: it needs the current password");
        assertEquals(200, login(other.username(), other.password()).status(), "the password is unchanged");
        assertEquals(401, login(other.username(), "taken-over-password").status());
    }

    @Test
    void aLeakedAdministratorsTokenCanNeitherMakeAnAdministratorNorChangeARoleNorResetAPassword() {
        ApiClient adminToken = new ApiClient().withBearer(TestUsers.newToken(admin, "leaked"));
        TestUser user = TestUsers.create();

        Reply madeAdmin = adminToken.post(
                "/api/v1/users",
                Json.createObjectBuilder()
                        .add("username", TestUsers.uniqueName("a"))
                        .add("password", "second-admin-password")
                        .add("role", "admin")
                        .build());
        Reply promoted = update(
                adminToken,
                user.id(),
                Json.createObjectBuilder().add("role", "admin").build());
        Reply reset = adminToken.send(
                "PUT",
                "/api/v1/users/" + user.id() + "/password",
                "application/json",
                "{\"password\":\"chosen-by-the-thief\"}",
                java.util.Map.of());
        Reply plainUser = adminToken.post(
                "/api/v1/users",
                Json.createObjectBuilder()
                        .add("username", TestUsers.uniqueName("p"))
                        .add("password", "a-plain-users-password")
                        .build());
        Reply disabled = update(
                adminToken,
                user.id(),
                Json.createObjectBuilder().add("disabled", true).build());

        for (Reply refused : java.util.List.of(madeAdmin, promoted, reset)) {
            assertEquals(403, refused.status(), refused::toString);
            assertEquals("session_required", refused.errorCode());
        }
        assertEquals("user", admin.get("/api/v1/users/" + user.id()).data().getString("role"));
        assertEquals(201, plainUser.status(), "a token still provisions plain users: " + plainUser);
        assertEquals(200, disabled.status(), "and disables one (nothing a thief gains by): " + disabled);
    }
}
