package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

/** Token scopes (docs/API.md, "Token scopes"): what a token may be used for, over HTTP. */
public abstract class TokenScopesTests {

    private static final List<String> USER_SCOPES = List.of("snippets:read", "snippets:write", "sharing", "account");

    private static Reply createToken(ApiClient session, String name, List<String> scopes) {
        JsonArrayBuilder names = Json.createArrayBuilder();
        scopes.forEach(names::add);
        return session.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder()
                        .add("name", name)
                        .add("scopes", names)
                        .build());
    }

    private static ApiClient bearerOf(ApiClient session, List<String> scopes) {
        Reply created = createToken(session, "scoped", scopes);
        assertEquals(201, created.status(), created::toString);
        return new ApiClient().withBearer(created.data().getString("token"));
    }

    private static List<String> scopesOf(JsonObject data) {
        return data.getJsonArray("scopes").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString)
                .toList();
    }

    private static Reply createSnippet(ApiClient client, String visibility) {
        return client.post(
                "/api/v1/snippets",
                Json.createObjectBuilder()
                        .add("title", "scoped")
                        .add("code", "echo scoped")
                        .add("language", "shell")
                        .add("tags", JsonValue.EMPTY_JSON_ARRAY)
                        .add("visibility", visibility)
                        .build());
    }

    private static void assertInsufficientScope(Reply reply, String scope) {
        assertEquals(403, reply.status(), reply::toString);
        assertEquals("insufficient_scope", reply.errorCode(), reply::toString);
        assertEquals("Bearer error=\"insufficient_scope\", scope=\"" + scope + "\"", reply.header("WWW-Authenticate"));
    }

    @Test
    void aTokenMadeWithoutScopesGetsEveryScopeItsUsersRoleMayHold() {
        ApiClient user = TestUsers.signedIn(TestUsers.create());
        ApiClient admin = TestUsers.admin();

        JsonObject usersToken = user.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "as before").build())
                .data();
        JsonObject adminsToken = admin.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "as before").build())
                .data();

        assertEquals(USER_SCOPES, scopesOf(usersToken));
        assertEquals(List.of("snippets:read", "snippets:write", "sharing", "account", "admin"), scopesOf(adminsToken));
        JsonObject whoami = new ApiClient()
                .withBearer(usersToken.getString("token"))
                .get("/api/v1/auth/whoami")
                .data();
        assertEquals(USER_SCOPES, scopesOf(whoami));
        assertEquals(
                USER_SCOPES,
                scopesOf(user.get("/api/v1/auth/tokens/" + usersToken.getString("id"))
                        .data()));
    }

    @Test
    void aReadOnlyTokenReadsSnippetsButCannotWriteShareOrReachTheAccount() {
        ApiClient session = TestUsers.signedIn(TestUsers.create());
        String id = createSnippet(session, "private").data().getString("id");
        ApiClient reader = bearerOf(session, List.of("snippets:read"));

        assertEquals(200, reader.get("/api/v1/snippets/" + id).status());
        assertEquals(200, reader.get("/api/v1/snippets?query=scoped").status());
        assertInsufficientScope(createSnippet(reader, "private"), "snippets:write");
        assertInsufficientScope(reader.delete("/api/v1/snippets/" + id), "snippets:write");
        assertInsufficientScope(
                reader.post("/api/v1/snippets/" + id + "/links", JsonValue.EMPTY_JSON_OBJECT), "sharing");
        assertInsufficientScope(reader.get("/api/v1/auth/tokens"), "account");
        assertInsufficientScope(reader.get("/api/v1/export"), "account");
        assertEquals(200, session.get("/api/v1/snippets/" + id).status(), "the snippet is still there");
    }

    @Test
    void aTokenWithoutSharingMayWritePrivateSnippetsButNotMakeThemReadableByOthers() {
        ApiClient session = TestUsers.signedIn(TestUsers.create());
        ApiClient writer = bearerOf(session, List.of("snippets:read", "snippets:write"));

        Reply mine = createSnippet(writer, "private");
        assertEquals(201, mine.status(), mine::toString);
        String id = mine.data().getString("id");

        assertInsufficientScope(createSnippet(writer, "team"), "sharing");
        assertInsufficientScope(
                writer.patch(
                        "/api/v1/snippets/" + id,
                        Json.createObjectBuilder().add("visibility", "team").build()),
                "sharing");
        assertInsufficientScope(
                writer.patch(
                        "/api/v1/snippets/" + id,
                        Json.createObjectBuilder()
                                .add("groups", JsonValue.EMPTY_JSON_ARRAY)
                                .build()),
                "sharing");
        assertInsufficientScope(
                writer.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder()
                                .add("name", "runbooks")
                                .add("visibility", "team")
                                .build()),
                "sharing");
        Reply retitled = writer.patch(
                "/api/v1/snippets/" + id,
                Json.createObjectBuilder()
                        .add("title", "retitled")
                        .add("visibility", "private")
                        .build());
        assertEquals(200, retitled.status(), "the same visibility is no change of who may read: " + retitled);
        JsonObject stored = session.get("/api/v1/snippets/" + id).data();
        assertEquals("retitled", stored.getString("title"));
        assertEquals("private", stored.getString("visibility"), "the refused changes left nothing behind");
        assertEquals(201, createSnippet(bearerOf(session, USER_SCOPES), "team").status());
    }

    @Test
    void aTokenAsksForKnownScopesAndOnlyAnAdministratorsCarriesAdmin() {
        ApiClient user = TestUsers.signedIn(TestUsers.create());

        for (List<String> refused :
                List.<List<String>>of(List.of("admin"), List.of("snippets:read", "everything"), List.of())) {
            Reply reply = createToken(user, "refused", refused);
            assertEquals(400, reply.status(), refused + ": " + reply);
            assertEquals("validation_failed", reply.errorCode());
            assertEquals(
                    "scopes",
                    reply.json()
                            .getJsonObject("error")
                            .getJsonArray("details")
                            .getJsonObject(0)
                            .getString("field"));
        }
        Reply twice = createToken(user, "twice", List.of("snippets:read", "snippets:read"));
        assertEquals(List.of("snippets:read"), scopesOf(twice.data()));
        assertEquals(
                List.of(),
                user.get("/api/v1/auth/tokens").json().getJsonArray("data").stream()
                        .filter(token -> token.asJsonObject().getString("name").equals("refused"))
                        .toList(),
                "no refused token was made");
    }

    @Test
    void anAdministratorsTokenWithoutTheAdminScopeCannotAdministerButCanWrite() {
        ApiClient admin = TestUsers.admin();
        ApiClient everyday = bearerOf(admin, USER_SCOPES);

        assertInsufficientScope(everyday.get("/api/v1/users"), "admin");
        assertInsufficientScope(everyday.get("/api/v1/storage/backups"), "admin");
        assertEquals(201, createSnippet(everyday, "private").status());
        assertEquals(200, bearerOf(admin, List.of("admin")).get("/api/v1/users").status());
    }

    @Test
    void aNarrowedTokenLosesTheScopeAtItsNextRequestAndCannotBeWidened() {
        ApiClient session = TestUsers.signedIn(TestUsers.create());
        JsonObject created = createToken(session, "narrowed", USER_SCOPES).data();
        ApiClient bearer = new ApiClient().withBearer(created.getString("token"));
        assertEquals(201, createSnippet(bearer, "private").status(), "remembered now, with every scope");
        String path = "/api/v1/auth/tokens/" + created.getString("id");

        Reply narrowed = bearer.patch(
                path,
                Json.createObjectBuilder()
                        .add(
                                "scopes",
                                Json.createArrayBuilder().add("snippets:read").add("account"))
                        .build());

        assertEquals(200, narrowed.status(), narrowed::toString);
        assertEquals(List.of("snippets:read", "account"), scopesOf(narrowed.data()));
        assertInsufficientScope(createSnippet(bearer, "private"), "snippets:write");
        Reply widened = bearer.patch(
                path,
                Json.createObjectBuilder()
                        .add("scopes", Json.createArrayBuilder().add("snippets:write"))
                        .build());
        assertEquals(400, widened.status(), widened::toString);
        assertEquals("validation_failed", widened.errorCode());
        assertEquals(
                List.of("snippets:read", "account"), scopesOf(session.get(path).data()));
        JsonObject record = session.get("/api/v1/audit?action=token.narrowed").json().getJsonArray("data").stream()
                .map(JsonValue::asJsonObject)
                .filter(item -> created.getString("id").equals(item.getString("subject", "")))
                .findFirst()
                .orElseThrow();
        assertEquals("narrowed (snippets:read account)", record.getString("detail"));
    }

    @Test
    void whoamiTellsATokensScopesAndExpiryAndASessionHasEveryScope() {
        ApiClient session = TestUsers.signedIn(TestUsers.create());
        Reply soon = session.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder()
                        .add("name", "soon")
                        .add("expiresInDays", 3)
                        .add("scopes", Json.createArrayBuilder().add("snippets:read"))
                        .build());
        Reply later = session.post(
                "/api/v1/auth/tokens",
                Json.createObjectBuilder()
                        .add("name", "later")
                        .add("expiresInDays", 30)
                        .build());

        JsonObject soonWhoami = new ApiClient()
                .withBearer(soon.data().getString("token"))
                .get("/api/v1/auth/whoami")
                .data();
        JsonObject laterWhoami = new ApiClient()
                .withBearer(later.data().getString("token"))
                .get("/api/v1/auth/whoami")
                .data();
        JsonObject sessionWhoami = session.get("/api/v1/auth/whoami").data();

        assertEquals(List.of("snippets:read"), scopesOf(soonWhoami));
        assertEquals(soon.data().getString("expiresAt"), soonWhoami.getString("expiresAt"));
        assertTrue(soonWhoami.getBoolean("expiresSoon"));
        assertFalse(laterWhoami.getBoolean("expiresSoon"));
        assertEquals(
                List.of("snippets:read", "snippets:write", "sharing", "account", "admin"), scopesOf(sessionWhoami));
        assertEquals(JsonValue.NULL, sessionWhoami.get("expiresAt"));
        assertTrue(session.get("/api/v1/auth/tokens/" + soon.data().getString("id"))
                .data()
                .getBoolean("expiresSoon"));
    }
}
