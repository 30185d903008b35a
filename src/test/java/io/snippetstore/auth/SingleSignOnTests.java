package io.snippetstore.auth;

import static io.snippetstore.testing.SnippetsApi.create;
import static io.snippetstore.testing.SnippetsApi.snippet;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Keycloak;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SingleSignOn;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Single sign-on through a real Keycloak (testing/Keycloak, realm src/test/keycloak): the whole
 * authorization code flow over HTTP, as a browser goes through it, and every way it can be refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SingleSignOnTests {

    private static final Pattern CODE = Pattern.compile("[?&]code=([^&]+)");
    private static final Pattern STATE = Pattern.compile("[?&]state=([^&]+)");

    private final ApiClient admin = TestUsers.admin();
    private Keycloak keycloak;

    @BeforeAll
    void keycloakRuns() {
        keycloak = Keycloak.running();
    }

    private static ApiClient signedIn(String username, String password) {
        ApiClient client = new ApiClient();
        HttpResponse<String> back = new SingleSignOn(client).signIn(username, password);
        assertEquals(303, back.statusCode(), () -> username + " was not signed in: " + back.body());
        return client;
    }

    private JsonObject user(String username) {
        return admin.get("/api/v1/users").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(user -> user.getString("username").equals(username))
                .findFirst()
                .orElseThrow();
    }

    private String groupId(String name) {
        return admin.get("/api/v1/groups").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(group -> group.getString("name").equals(name))
                .findFirst()
                .orElseThrow()
                .getString("id");
    }

    private long refusals() {
        return admin.get("/api/v1/audit?action=login.provider&limit=200")
                .json()
                .getJsonArray("data")
                .size();
    }

    @Test
    void aUserSignsInThroughKeycloakAndGetsAnAccountWithTheProvidersNameEmailAndGroups() {
        assertTrue(new ApiClient().get("/api/v1/auth/oidc").data().getBoolean("enabled"));
        ApiClient alice = new ApiClient();
        HttpResponse<String> back = new SingleSignOn(alice).signIn("kc-alice", "alice-keycloak-password");

        assertEquals(303, back.statusCode(), back::body);
        assertEquals(
                ApiClient.base().resolve("/").toString(),
                back.headers().firstValue("Location").orElseThrow());
        Reply whoami = alice.get("/api/v1/auth/whoami");
        assertEquals(200, whoami.status(), whoami::toString);
        assertEquals("kc-alice", whoami.data().getString("username"));
        assertEquals("session", whoami.data().getString("authMethod"));
        assertEquals(
                1,
                alice.get("/api/v1/auth/sessions").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                        .filter(session -> session.getBoolean("current"))
                        .count(),
                "in the sessions list like any sign-in");

        JsonObject account = user("kc-alice");
        assertEquals("provider", account.getString("source"));
        assertEquals("Alice Operator", account.getString("displayName"));
        assertEquals("alice@example.test", account.getString("email"));
        JsonObject team = admin.get("/api/v1/groups/" + groupId("ops-team")).data();
        assertEquals("provider", team.getString("source"));
        assertTrue(team.getJsonArray("members").getValuesAs(JsonObject.class).stream()
                .anyMatch(m -> m.getString("username").equals("kc-alice")));

        signedIn("kc-alice", "alice-keycloak-password");
        assertEquals(account.getString("id"), user("kc-alice").getString("id"), "a second sign-in is the same account");
    }

    @Test
    void aProvidersUserHasNoPasswordHereToChangeOrToReset() {
        ApiClient alice = signedIn("kc-alice", "alice-keycloak-password");
        JsonObject change = Json.createObjectBuilder()
                .add("currentPassword", "alice-keycloak-password")
                .add("newPassword", "a-local-password")
                .build();

        Reply changed = alice.post("/api/v1/auth/password", change);
        assertEquals(409, changed.status(), changed::toString);
        assertEquals("conflict", changed.errorCode());
        Reply reset = admin.send(
                "PUT",
                "/api/v1/users/" + user("kc-alice").getString("id") + "/password",
                "application/json",
                Json.createObjectBuilder()
                        .add("password", "a-local-password")
                        .build()
                        .toString(),
                Map.of());
        assertEquals(409, reset.status(), reset::toString);
        assertEquals("conflict", reset.errorCode());

        Reply local = new ApiClient()
                .post(
                        "/api/v1/auth/login",
                        Json.createObjectBuilder()
                                .add("username", "kc-alice")
                                .add("password", "a-local-password")
                                .build());
        assertEquals(401, local.status(), "no password was set here: " + local);
    }

    @Test
    void theProvidersAdministratorsGroupMakesAnAdministrator() {
        assertEquals(
                "admin",
                signedIn("kc-carol", "carol-keycloak-password")
                        .get("/api/v1/auth/whoami")
                        .data()
                        .getString("role"));
    }

    @Test
    void aSnippetSharedWithAProviderGroupIsReadByItsMembersUntilTheProviderTakesThemOut() {
        signedIn("kc-alice", "alice-keycloak-password"); // the group exists from its first member's sign-in
        ApiClient dave = signedIn("kc-dave", "dave-keycloak-password");
        ApiClient owner = TestUsers.signedIn(TestUsers.create());
        String id = create(
                        owner,
                        snippet("ops runbook", "sh", "kubectl rollout restart deploy/web")
                                .add(
                                        "groups",
                                        Json.createArrayBuilder()
                                                .add(Json.createObjectBuilder()
                                                        .add("id", groupId("ops-team"))
                                                        .add("access", "read"))))
                .getString("id");

        assertEquals(200, dave.get("/api/v1/snippets/" + id).status());
        assertEquals(
                404,
                signedIn("kc-bob", "bob-keycloak-password")
                        .get("/api/v1/snippets/" + id)
                        .status(),
                "not a member");

        keycloak.removeFromGroup("kc-dave", "ops-team");
        ApiClient daveAgain = signedIn("kc-dave", "dave-keycloak-password");
        assertEquals(404, daveAgain.get("/api/v1/snippets/" + id).status(), "out of the group at the next sign-in");
    }

    @Test
    void aLocalAccountOfTheSameNameIsNeverMergedWithTheProvidersAccount() {
        Reply local = admin.post(
                "/api/v1/users",
                Json.createObjectBuilder()
                        .add("username", "kc-erin")
                        .add("password", "local-erin-password")
                        .build());
        assertTrue(local.status() == 201 || local.status() == 409, local::toString);
        long before = refusals();
        ApiClient erin = new ApiClient();

        HttpResponse<String> refused = new SingleSignOn(erin).signIn("kc-erin", "erin-keycloak-password");

        assertEquals(403, refused.statusCode());
        assertTrue(refused.body().contains("a local account named"), refused::body);
        assertEquals(401, erin.get("/api/v1/auth/whoami").status());
        assertEquals(before + 1, refusals(), "audited");
    }

    @Test
    void startingASignInKeepsNothingOnTheServerTheBrowserHoldsItSealedForTenMinutes() {
        for (int i = 0; i < 20; i++) {
            HttpResponse<String> started = new SingleSignOn(new ApiClient()).start("/");

            assertEquals(303, started.statusCode(), started::body);
            List<String> cookies = started.headers().allValues("Set-Cookie");
            assertTrue(
                    cookies.stream().noneMatch(cookie -> cookie.startsWith("JSESSIONID")),
                    "no container session: " + cookies);
            String pending = cookies.stream()
                    .filter(cookie -> cookie.startsWith("snippets_oidc_pending="))
                    .findFirst()
                    .orElseThrow();
            String attributes = pending.toLowerCase(java.util.Locale.ROOT);
            assertTrue(
                    attributes.contains("httponly")
                            && attributes.contains("path=/api/v1/auth/oidc")
                            && attributes.contains("samesite=lax")
                            && (attributes.contains("max-age=600") || attributes.contains("expires=")),
                    pending);
        }
    }

    @Test
    void aStartedSignInWhoseSealedCookieWasChangedIsRefused() {
        ApiClient browser = new ApiClient();
        SingleSignOn sso = new SingleSignOn(browser);
        URI callback = sso.throughKeycloak("kc-bob", "bob-keycloak-password");
        java.net.HttpCookie sealed = browser.cookies().getCookieStore().getCookies().stream()
                .filter(cookie -> cookie.getName().equals("snippets_oidc_pending"))
                .findFirst()
                .orElseThrow();
        char last = sealed.getValue().charAt(sealed.getValue().length() - 1);
        sealed.setValue(sealed.getValue().substring(0, sealed.getValue().length() - 1) + (last == 'A' ? 'B' : 'A'));

        HttpResponse<String> back = sso.back(callback);

        assertEquals(403, back.statusCode(), back::body);
        assertTrue(back.body().contains("Sign-in refused") && back.body().contains("state"), back::body);
        assertEquals(401, browser.get("/api/v1/auth/whoami").status());
    }

    @Test
    void anAnswerWithAStateThisBrowserDidNotStartIsRefusedOnAPageAndAudited() {
        ApiClient browser = new ApiClient();
        SingleSignOn sso = new SingleSignOn(browser);
        URI callback = sso.throughKeycloak("kc-bob", "bob-keycloak-password");
        long before = refusals();

        HttpResponse<String> forged =
                sso.get(URI.create(callback.toString().replaceFirst("([?&]state=)[^&]+", "$1forged-state")));
        assertEquals(403, forged.statusCode());
        assertTrue(forged.body().contains("Sign-in refused") && forged.body().contains("state"), forged::body);
        assertTrue(
                forged.headers()
                        .firstValue("Content-Security-Policy")
                        .orElse("")
                        .contains("script-src 'self'"),
                "the refused page under /api has the pages' policy: "
                        + forged.headers().map());
        HttpResponse<String> elsewhere = new SingleSignOn(new ApiClient()).get(callback);
        assertEquals(403, elsewhere.statusCode(), "another browser (no started sign-in) cannot finish it");
        assertEquals(401, browser.get("/api/v1/auth/whoami").status());
        assertEquals(before + 2, refusals());
    }

    @Test
    void aCodeUsedOnceIsRefusedTheSecondTimeEvenWithAFreshState() {
        ApiClient browser = new ApiClient();
        SingleSignOn sso = new SingleSignOn(browser);
        URI callback = sso.throughKeycloak("kc-bob", "bob-keycloak-password");
        assertEquals(303, sso.back(callback).statusCode());
        assertEquals(403, sso.back(callback).statusCode(), "its state was used");

        Matcher code = CODE.matcher(callback.toString());
        assertTrue(code.find());
        Matcher freshState =
                STATE.matcher(sso.start("/").headers().firstValue("Location").orElseThrow());
        assertTrue(freshState.find());
        HttpResponse<String> replayed = sso.get(ApiClient.base()
                .resolve("/api/v1/auth/oidc/callback?state=" + freshState.group(1) + "&code=" + code.group(1)));
        assertEquals(403, replayed.statusCode());
        assertTrue(replayed.body().contains("refused the code"), replayed::body);
    }

    @Test
    void startingASignInSendsTheBrowserToKeycloakWithAStatePkceAndANonce() {
        HttpResponse<String> started = new SingleSignOn(new ApiClient()).start("/#/snippets");
        assertEquals(303, started.statusCode());
        String location = started.headers().firstValue("Location").orElseThrow();
        assertTrue(location.startsWith(keycloak.issuer() + "/protocol/openid-connect/auth?"), location);
        for (String parameter : new String[] {
            "state=",
            "nonce=",
            "code_challenge=",
            "code_challenge_method=S256",
            "client_id=snippet-store",
            "response_type=code",
            "scope=openid"
        }) {
            assertTrue(location.contains(parameter), parameter + " in " + location);
        }
    }
}
