package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;

import io.snippetstore.auth.control.TokenChecksum;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

public abstract class TokensTests {

    private static final String TIMESTAMP = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

    @Test
    void creatingATokenAnswers201WithItsValueOnceAndALocation() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());

        Reply reply = browser.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", "laptop").build());

        assertEquals(201, reply.status(), reply::toString);
        JsonObject token = reply.data();
        assertTrue(
                token.getString("token").matches("sst_[A-Za-z0-9_-]{43}[0-9A-Za-z]{6}"),
                "256 random bits after the prefix, then the checksum");
        assertTrue(TokenChecksum.isValid(token.getString("token")), "a scanner can check it offline");
        assertEquals("laptop", token.getString("name"));
        assertTrue(token.getString("createdAt").matches(TIMESTAMP), token::toString);
        assertEquals(JsonValue.NULL, token.get("expiresAt"), "a token without expiry says null");
        assertTrue(reply.header("Location").endsWith("/api/v1/auth/tokens/" + token.getString("id")));
        Reply listed = browser.get("/api/v1/auth/tokens");
        assertFalse(listed.text().contains(token.getString("token")), "the value is never shown again");
        assertEquals(
                token.getString("id"),
                browser.get(reply.header("Location").replaceFirst("^https?://[^/]+", ""))
                        .data()
                        .getString("id"));
    }

    @Test
    void aTokenCanExpireAfterTheRequestedDays() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());

        JsonObject token = browser.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder()
                                .add("name", "ci")
                                .add("expiresInDays", 30)
                                .build())
                .data();

        Duration lifetime = Duration.between(
                Instant.parse(token.getString("createdAt")), Instant.parse(token.getString("expiresAt")));
        assertEquals(Duration.ofDays(30), lifetime);
    }

    /** The row is aged behind the server's back, so the token is first used after that (see TokenCacheTest for expiry while cached). */
    @Test
    void anExpiredTokenIsRefusedWith401() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        JsonObject token = browser.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder()
                                .add("name", "short-lived")
                                .add("expiresInDays", 1)
                                .build())
                .data();
        ApiClient bearer = new ApiClient().withBearer(token.getString("token"));

        Database.age("api_tokens", "expires_at", "id", token.getString("id"));

        Reply refused = bearer.get("/api/v1/auth/whoami");
        assertEquals(401, refused.status(), refused::toString);
        assertEquals("unauthenticated", refused.errorCode());
    }

    @Test
    void aBearerTokenAloneCannotCreateTokens() {
        ApiClient tokenClient = TestUsers.withToken(TestUsers.create());

        Reply reply = tokenClient.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", "more").build());

        assertEquals(403, reply.status());
        assertEquals("session_required", reply.errorCode());
    }

    @Test
    void tokenFieldsAreValidated() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());

        assertValidationFailure(
                browser.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "").build()),
                "name");
        assertValidationFailure(
                browser.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "x".repeat(101)).build()),
                "name");
        assertValidationFailure(
                browser.post("/api/v1/auth/tokens", Json.createObjectBuilder().build()), "name");
        assertValidationFailure(
                browser.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder()
                                .add("name", "a")
                                .add("expiresInDays", 0)
                                .build()),
                "expiresInDays");
        assertValidationFailure(
                browser.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder()
                                .add("name", "a")
                                .add("expiresInDays", 3651)
                                .build()),
                "expiresInDays");
        assertEquals(
                201,
                browser.post(
                                "/api/v1/auth/tokens",
                                Json.createObjectBuilder()
                                        .add("name", "😀".repeat(100))
                                        .build())
                        .status(),
                "100 emoji are 100 characters");
    }

    @Test
    void theListShowsLastUseButNeverValues() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        String value = TestUsers.newToken(browser, "used");
        assertEquals(
                200,
                new ApiClient().withBearer(value).get("/api/v1/auth/whoami").status());

        Reply list = browser.get("/api/v1/auth/tokens");

        assertEquals(200, list.status());
        assertEquals(JsonValue.NULL, list.json().getJsonObject("meta").get("nextCursor"));
        JsonObject listed = list.json().getJsonArray("data").getJsonObject(0);
        assertEquals("used", listed.getString("name"));
        assertNotNull(listed.getString("lastUsedAt"));
        assertFalse(listed.containsKey("token"));
        assertFalse(list.text().contains(value));
    }

    @Test
    void aRevokedTokenIsRefusedAtOnce() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        Reply created = browser.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", "soon gone").build());
        ApiClient tokenClient = new ApiClient().withBearer(created.data().getString("token"));
        assertEquals(200, tokenClient.get("/api/v1/auth/whoami").status());

        Reply revoked = browser.delete("/api/v1/auth/tokens/" + created.data().getString("id"));

        assertEquals(200, revoked.status());
        assertEquals(created.data().getString("id"), revoked.data().getString("id"));
        assertTrue(revoked.data().getBoolean("deleted"));
        assertEquals(401, tokenClient.get("/api/v1/auth/whoami").status());
    }

    @Test
    void anotherUsersTokensCanNeitherBeSeenNorRevoked() {
        ApiClient alice = TestUsers.signedIn(TestUsers.create());
        Reply created = alice.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", "alice's").build());
        String tokenId = created.data().getString("id");
        ApiClient bob = TestUsers.signedIn(TestUsers.create());

        assertEquals(
                0, bob.get("/api/v1/auth/tokens").json().getJsonArray("data").size());
        assertEquals(404, bob.get("/api/v1/auth/tokens/" + tokenId).status());
        Reply revoke = bob.delete("/api/v1/auth/tokens/" + tokenId);
        assertEquals(404, revoke.status());
        assertEquals("not_found", revoke.errorCode());
        assertEquals(
                200,
                new ApiClient()
                        .withBearer(created.data().getString("token"))
                        .get("/api/v1/auth/whoami")
                        .status());
    }

    private static void assertValidationFailure(Reply reply, String field) {
        assertEquals(400, reply.status(), reply::toString);
        assertEquals("validation_failed", reply.errorCode());
        assertEquals(
                field,
                reply.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"),
                reply::toString);
    }

    @Test
    void aLeakedTokenIsRevokedByItsValueWithoutSigningInAndTheAnswerTellsNothing() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        JsonObject token = browser.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "pasted in chat").build())
                .data();
        ApiClient bearer = new ApiClient().withBearer(token.getString("token"));
        assertEquals(200, bearer.get("/api/v1/auth/whoami").status(), "remembered, as a token in use is");

        Reply live = new ApiClient()
                .post(
                        "/api/v1/auth/tokens/revoke",
                        Json.createObjectBuilder()
                                .add("token", token.getString("token"))
                                .build());
        Reply unknown = new ApiClient()
                .post(
                        "/api/v1/auth/tokens/revoke",
                        Json.createObjectBuilder()
                                .add("token", TokenChecksum.appendTo("sst_" + "A".repeat(43)))
                                .build());

        assertEquals(200, live.status(), live::toString);
        assertEquals(live.text(), unknown.text(), "the same answer whether the value was live or not");
        assertEquals(401, bearer.get("/api/v1/auth/whoami").status(), "revoked at once");
        assertTrue(
                browser.get("/api/v1/audit?action=token.revoked").json().getJsonArray("data").stream()
                        .map(JsonValue::asJsonObject)
                        .anyMatch(record -> token.getString("id").equals(record.getString("subject", ""))
                                && record.getString("detail", "").endsWith("reported leaked")),
                "its owner sees who revoked it: a report of a leak");
        Reply tooLong = new ApiClient()
                .post(
                        "/api/v1/auth/tokens/revoke",
                        Json.createObjectBuilder().add("token", "x".repeat(201)).build());
        assertEquals(400, tooLong.status(), tooLong::toString);
        assertEquals(
                400,
                new ApiClient()
                        .post("/api/v1/auth/tokens/revoke", JsonValue.EMPTY_JSON_OBJECT)
                        .status());
    }

    @Test
    void anAdministratorListsAUsersTokensAndRevokesOneOrAllAtOnce() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        String laptop = TestUsers.newToken(browser, "laptop");
        String ci = TestUsers.newToken(browser, "ci");
        ApiClient laptopClient = new ApiClient().withBearer(laptop);
        ApiClient ciClient = new ApiClient().withBearer(ci);
        assertEquals(200, laptopClient.get("/api/v1/auth/whoami").status(), "in use, so remembered");
        ApiClient admin = TestUsers.admin();
        String tokens = "/api/v1/users/" + user.id() + "/tokens";

        Reply listed = admin.get(tokens);

        assertEquals(200, listed.status(), listed::toString);
        assertEquals(
                java.util.List.of("laptop", "ci"),
                listed.json().getJsonArray("data").stream()
                        .map(token -> token.asJsonObject().getString("name"))
                        .toList());
        assertFalse(listed.text().contains(laptop) || listed.text().contains(ci), "never a value");
        String laptopId = listed.json().getJsonArray("data").getJsonObject(0).getString("id");
        assertEquals(200, admin.delete(tokens + "/" + laptopId).status());
        assertEquals(401, laptopClient.get("/api/v1/auth/whoami").status(), "revoked at once");
        assertEquals(200, ciClient.get("/api/v1/auth/whoami").status(), "the other one still works");

        Reply all = admin.delete(tokens);

        assertEquals(1, all.data().getInt("revoked"), all::toString);
        assertEquals(401, ciClient.get("/api/v1/auth/whoami").status());
        assertEquals(0, admin.get(tokens).json().getJsonArray("data").size());
        assertEquals(403, browser.get(tokens).status(), "an administrator's view only");
        assertEquals(404, admin.get("/api/v1/users/no-such-user/tokens").status());
        assertTrue(
                admin.get("/api/v1/audit?action=token.revoked&limit=200").json().getJsonArray("data").stream()
                        .map(JsonValue::asJsonObject)
                        .anyMatch(record -> laptopId.equals(record.getString("subject", ""))
                                && record.getString("detail", "")
                                        .endsWith("of " + user.username() + ", by an administrator")),
                "audited as the administrator's act, naming whose token it was");
    }

    /** 999 tokens are written behind the server's back, so that the limit is reached in a moment. */
    @Test
    void aUserHasAtMostAThousandTokensAndRevokingOneMakesRoomAgain() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        Database.change(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 999) "
                        + "INSERT INTO api_tokens (id, user_id, name, token_hash, created_at, scopes) "
                        + "SELECT ? || '-' || i, ?, 'made behind ' || i, lower(hex(randomblob(32))), ?, 'snippets:read' "
                        + "FROM n",
                user.id(),
                user.id(),
                System.currentTimeMillis());
        TestUsers.newToken(browser, "the thousandth");

        Reply refused = browser.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder().add("name", "one too many").build());

        assertEquals(409, refused.status(), refused::toString);
        assertEquals("conflict", refused.errorCode());
        Reply listed = browser.get("/api/v1/auth/tokens");
        assertEquals(1000, listed.json().getJsonArray("data").size());
        String first = listed.json().getJsonArray("data").getJsonObject(0).getString("id");
        assertEquals(200, browser.delete("/api/v1/auth/tokens/" + first).status());
        TestUsers.newToken(browser, "room again");
    }
}
