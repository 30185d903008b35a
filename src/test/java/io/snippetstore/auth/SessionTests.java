package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.RawHttp;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

public abstract class SessionTests {

    private static JsonObject credentials(String username, String password) {
        return Json.createObjectBuilder()
                .add("username", username)
                .add("password", password)
                .build();
    }

    @Test
    void loginAnswersTheUserAndSetsAnHttpOnlySameSiteLaxSessionCookie() {
        TestUser user = TestUsers.create();
        Reply reply = new ApiClient().post("/api/v1/auth/login", credentials(user.username(), user.password()));

        assertEquals(200, reply.status(), reply::toString);
        assertEquals(user.id(), reply.data().getString("userId"));
        assertEquals(user.username(), reply.data().getString("username"));
        assertEquals("user", reply.data().getString("role"));
        List<String> cookies = reply.headers().allValues("Set-Cookie");
        assertEquals(1, cookies.size(), cookies::toString);
        // attribute names and the SameSite value are case-insensitive (RFC 6265bis); Payara writes "lax"
        assertTrue(cookies.get(0).matches("(?i).*;\\s*HttpOnly(;.*|$)"), cookies::toString);
        assertTrue(cookies.get(0).matches("(?i).*;\\s*SameSite=Lax(;.*|$)"), cookies::toString);
        assertFalse(cookies.get(0).matches("(?i).*;\\s*Secure(;.*|$)"), "not Secure over plain http: " + cookies);
    }

    /**
     * Over https (the Payara Micro and WildFly test servers have a listener with a self-signed
     * certificate) the session cookie is also Secure. Open Liberty adds Secure only when its
     * configuration says so for every session cookie (httpSession cookieSecure, for a server
     * reached over https only; see server-config/README.md): not testable beside the plain-http suite.
     */
    @Test
    void overHttpsTheSessionCookieIsAlsoSecure() throws Exception {
        Assumptions.assumeTrue(
                System.getProperty("snippets.it.httpsPort") != null,
                "this server has no https listener in the tests (Open Liberty: Secure comes from its configuration)");
        TestUser user = TestUsers.create();
        SSLContext trustingTheTestCertificate = SSLContext.getInstance("TLS");
        trustingTheTestCertificate.init(
                null,
                new TrustManager[] {
                    new X509TrustManager() {
                        @Override
                        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

                        @Override
                        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

                        @Override
                        public X509Certificate[] getAcceptedIssuers() {
                            return new X509Certificate[0];
                        }
                    }
                },
                null);
        URL login = URI.create(
                        "https://127.0.0.1:" + System.getProperty("snippets.it.httpsPort") + "/api/v1/auth/login")
                .toURL();
        HttpsURLConnection https = (HttpsURLConnection) login.openConnection();
        https.setSSLSocketFactory(trustingTheTestCertificate.getSocketFactory());
        https.setHostnameVerifier((host, session) -> true);
        https.setRequestMethod("POST");
        https.setDoOutput(true);
        https.setRequestProperty("Content-Type", "application/json");
        try (OutputStream body = https.getOutputStream()) {
            body.write(credentials(user.username(), user.password()).toString().getBytes(StandardCharsets.UTF_8));
        }

        assertEquals(200, https.getResponseCode());
        String cookie = https.getHeaderField("Set-Cookie");
        assertTrue(cookie != null && cookie.startsWith("JSESSIONID="), cookie);
        assertTrue(cookie.matches("(?i).*;\\s*Secure(;.*|$)"), cookie);
        assertTrue(cookie.matches("(?i).*;\\s*HttpOnly(;.*|$)"), cookie);
        https.disconnect();
    }

    @Test
    void aBadBearerTokenIsRefusedEvenBesideAValidSessionCookie() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        assertEquals(200, browser.get("/api/v1/auth/whoami").status());

        Reply refused = browser.withBearer("snp_not-a-token").get("/api/v1/auth/whoami");

        assertEquals(401, refused.status(), "the credential sent is the one judged: " + refused);
        assertEquals("unauthenticated", refused.errorCode());
    }

    @Test
    void usernamesAreMatchedCaseInsensitivelyAtLogin() {
        TestUser user = TestUsers.create();

        Reply reply = new ApiClient()
                .post("/api/v1/auth/login", credentials(user.username().toUpperCase(), user.password()));

        assertEquals(200, reply.status(), reply::toString);
    }

    @Test
    void whoamiAnswersTheSeedShapeForASession() {
        TestUser user = TestUsers.create();
        Reply reply = TestUsers.signedIn(user).get("/api/v1/auth/whoami");

        assertEquals(200, reply.status());
        assertTrue(reply.json().getBoolean("ok"));
        JsonObject data = reply.data();
        assertEquals(user.id(), data.getString("userId"));
        assertEquals(user.username(), data.getString("username"));
        assertEquals("user", data.getString("role"));
        assertEquals("session", data.getString("authMethod"));
    }

    @Test
    void whoamiAnswersTheUserOfABearerToken() {
        TestUser user = TestUsers.create();
        Reply reply = TestUsers.withToken(user).get("/api/v1/auth/whoami");

        assertEquals(200, reply.status(), reply::toString);
        assertEquals(user.id(), reply.data().getString("userId"));
        assertEquals("token", reply.data().getString("authMethod"));
    }

    @Test
    void withoutCredentialsWhoamiIs401WithABearerChallenge() {
        Reply reply = new ApiClient().get("/api/v1/auth/whoami");

        assertEquals(401, reply.status());
        assertEquals("unauthenticated", reply.errorCode());
        assertEquals("Bearer", reply.header("WWW-Authenticate"));
    }

    @Test
    void anUnknownOrMalformedBearerTokenIs401() {
        assertEquals(
                401,
                new ApiClient()
                        .withBearer("sst_unknown")
                        .get("/api/v1/auth/whoami")
                        .status());
        assertEquals(
                401,
                new ApiClient().withBearer("garbage").get("/api/v1/auth/whoami").status());
        Reply basic = new ApiClient()
                .send("GET", "/api/v1/auth/whoami", null, (String) null, Map.of("Authorization", "Basic YTpi"));
        assertEquals(401, basic.status());
    }

    @Test
    void aWrongPasswordOrUnknownUserIsInvalidCredentials() {
        TestUser user = TestUsers.create();

        Reply wrong = new ApiClient().post("/api/v1/auth/login", credentials(user.username(), "not-the-password"));
        Reply unknown = new ApiClient()
                .post("/api/v1/auth/login", credentials(TestUsers.uniqueName("nobody"), "whatever-password"));

        assertEquals(401, wrong.status());
        assertEquals("invalid_credentials", wrong.errorCode());
        assertEquals(401, unknown.status());
        assertEquals("invalid_credentials", unknown.errorCode());
    }

    @Test
    void loginWithMissingFieldsIsAValidationFailure() {
        Reply reply = new ApiClient()
                .post(
                        "/api/v1/auth/login",
                        Json.createObjectBuilder().add("username", "x").build());

        assertEquals(400, reply.status());
        assertEquals("validation_failed", reply.errorCode());
        assertEquals(
                "password",
                reply.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"));
    }

    @Test
    void everyLoginStartsUnderANewSessionId() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        String first = sessionId(browser);

        Reply again = browser.post("/api/v1/auth/login", credentials(user.username(), user.password()));

        assertEquals(200, again.status());
        String second = sessionId(browser);
        assertNotEquals(first, second);
        ApiClient holderOfOldId = new ApiClient();
        holderOfOldId.cookies().getCookieStore().add(ApiClient.base(), sessionCookie(first));
        assertEquals(401, holderOfOldId.get("/api/v1/auth/whoami").status(), "the old session id must be dead");
    }

    @Test
    void aUserSeesTheirSessionsWithTheirLastUseAndSignsOneOutFromAnother() {
        TestUser user = TestUsers.create();
        ApiClient laptop = TestUsers.signedIn(user);
        ApiClient phone = TestUsers.signedIn(user);
        ApiClient gone = TestUsers.signedIn(user);
        assertEquals(
                200,
                gone.post("/api/v1/auth/logout", Json.createObjectBuilder().build())
                        .status());

        Reply listed = laptop.get("/api/v1/auth/sessions");
        assertEquals(200, listed.status(), listed::toString);
        List<JsonObject> sessions = listed.json().getJsonArray("data").getValuesAs(JsonObject.class);
        assertEquals(2, sessions.size(), "a signed-out session is gone: " + sessions);
        assertEquals(
                1,
                sessions.stream()
                        .filter(session -> session.getBoolean("current"))
                        .count());
        sessions.forEach(session -> assertFalse(session.isNull("lastUsedAt"), session::toString));
        sessions.forEach(
                session -> assertEquals("127.0.0.1", session.getString("clientAddress"), "where it signed in from"));
        String phoneSession = sessions.stream()
                .filter(session -> !session.getBoolean("current"))
                .findFirst()
                .orElseThrow()
                .getString("id");
        assertFalse(
                listed.text()
                        .contains(laptop.cookies()
                                .getCookieStore()
                                .getCookies()
                                .get(0)
                                .getValue()),
                "the list never shows a session cookie");

        ApiClient stranger = TestUsers.signedIn(TestUsers.create());
        assertEquals(
                404, stranger.delete("/api/v1/auth/sessions/" + phoneSession).status());
        assertEquals(200, phone.get("/api/v1/auth/whoami").status());
        assertEquals(200, laptop.delete("/api/v1/auth/sessions/" + phoneSession).status());
        assertEquals(401, phone.get("/api/v1/auth/whoami").status(), "signed out from the laptop");
        assertEquals(200, laptop.get("/api/v1/auth/whoami").status());

        ApiClient script = new ApiClient().withBearer(TestUsers.newToken(laptop, "lists sessions"));
        List<JsonObject> seenByToken =
                script.get("/api/v1/auth/sessions").json().getJsonArray("data").getValuesAs(JsonObject.class);
        assertEquals(1, seenByToken.size());
        assertFalse(seenByToken.get(0).getBoolean("current"), "a token request has no session of its own");
    }

    @Test
    void logoutEndsTheSession() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());

        assertEquals(
                200,
                browser.post("/api/v1/auth/logout", Json.createObjectBuilder().build())
                        .status());

        assertEquals(401, browser.get("/api/v1/auth/whoami").status());
    }

    @Test
    void tenFailedLoginsLockTheUsernameEvenForTheRightPasswordWithRetryAfter() {
        TestUser user = TestUsers.create();
        ApiClient client = new ApiClient();
        for (int attempt = 1; attempt <= 10; attempt++) {
            Reply failed = client.post("/api/v1/auth/login", credentials(user.username(), "wrong-password-" + attempt));
            assertEquals(401, failed.status(), "attempt " + attempt);
        }

        Reply locked = client.post("/api/v1/auth/login", credentials(user.username(), user.password()));

        assertEquals(429, locked.status(), locked::toString);
        assertEquals("rate_limited", locked.errorCode());
        assertTrue(Long.parseLong(locked.header("Retry-After")) > 0);
    }

    @Test
    void aSuccessfulLoginResetsTheFailureCount() {
        TestUser user = TestUsers.create();
        ApiClient client = new ApiClient();
        for (int round = 0; round < 2; round++) {
            for (int attempt = 1; attempt <= 9; attempt++) {
                assertEquals(
                        401,
                        client.post("/api/v1/auth/login", credentials(user.username(), "wrong-" + attempt))
                                .status());
            }
            assertEquals(
                    200,
                    client.post("/api/v1/auth/login", credentials(user.username(), user.password()))
                            .status());
        }
    }

    @Test
    void aSessionRequestFromAnotherOriginThatChangesSomethingIsRejected() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        String body = "{\"name\":\"csrf\"}";

        Reply foreign = browser.send(
                "POST", "/api/v1/auth/tokens", "application/json", body, Map.of("Origin", "https://evil.example"));
        Reply foreignReferer = browser.send(
                "POST",
                "/api/v1/auth/tokens",
                "application/json",
                body,
                Map.of("Referer", "https://evil.example/page"));
        Reply sameOrigin = browser.send(
                "POST",
                "/api/v1/auth/tokens",
                "application/json",
                body,
                Map.of("Origin", ApiClient.base().toString().replaceAll("/$", "")));
        Reply noOrigin = browser.send("POST", "/api/v1/auth/tokens", "application/json", body, Map.of());

        assertEquals(403, foreign.status());
        assertEquals("csrf_rejected", foreign.errorCode());
        assertEquals(403, foreignReferer.status());
        assertEquals(201, sameOrigin.status(), sameOrigin::toString);
        assertEquals(201, noOrigin.status(), noOrigin::toString);
    }

    @Test
    void sessionPatchesAndDeletesFromAnotherOriginAreRejectedAndChangeNothing() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        String id = browser.post(
                        "/api/v1/snippets",
                        Json.createObjectBuilder()
                                .add("title", "mine")
                                .add("language", "text")
                                .add("code", "x")
                                .add("tags", Json.createArrayBuilder())
                                .build())
                .data()
                .getString("id");
        Map<String, String> foreign = Map.of("Origin", "https://evil.example");

        Reply patch =
                browser.send("PATCH", "/api/v1/snippets/" + id, "application/json", "{\"title\":\"theirs\"}", foreign);
        Reply delete = browser.send("DELETE", "/api/v1/snippets/" + id, null, (String) null, foreign);

        assertEquals("csrf_rejected", patch.errorCode(), patch::toString);
        assertEquals("csrf_rejected", delete.errorCode(), delete::toString);
        assertEquals("mine", browser.get("/api/v1/snippets/" + id).data().getString("title"));
    }

    @Test
    void logoutFromAnotherOriginIsRejectedAndTheSessionLives() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());

        Reply foreign = browser.send(
                "POST", "/api/v1/auth/logout", "application/json", "{}", Map.of("Origin", "https://evil.example"));

        assertEquals(403, foreign.status(), foreign::toString);
        assertEquals("csrf_rejected", foreign.errorCode());
        assertEquals(200, browser.get("/api/v1/auth/whoami").status());
        assertEquals(
                200,
                browser.send(
                                "POST",
                                "/api/v1/auth/logout",
                                "application/json",
                                "{}",
                                Map.of("Origin", ApiClient.base().toString().replaceAll("/$", "")))
                        .status());
        assertEquals(401, browser.get("/api/v1/auth/whoami").status());
    }

    @Test
    void credentialsLongerThanAnyAccountCanHaveAreRefusedBeforeAnyWork() {
        Reply longUsername = new ApiClient().post("/api/v1/auth/login", credentials("u".repeat(1_000_000), "password"));
        Reply longPassword = new ApiClient().post("/api/v1/auth/login", credentials("someone", "p".repeat(257)));

        assertEquals(400, longUsername.status(), longUsername::toString);
        assertEquals("validation_failed", longUsername.errorCode());
        assertEquals(
                "username",
                longUsername
                        .json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"));
        assertEquals("validation_failed", longPassword.errorCode());
    }

    @Test
    void wrongPasswordsSentInParallelGetNoMoreVerdictsThanTheLimit() throws Exception {
        TestUser user = TestUsers.create();
        ExecutorService attackers = Executors.newFixedThreadPool(64);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                int attempt = i;
                statuses.add(attackers.submit(() -> new ApiClient()
                        .post("/api/v1/auth/login", credentials(user.username(), "wrong-password-" + attempt))
                        .status()));
            }
            Map<Integer, Long> counted = new TreeMap<>();
            for (Future<Integer> status : statuses) {
                counted.merge(status.get(), 1L, Long::sum);
            }

            assertEquals(Set.of(401, 429), counted.keySet(), counted::toString);
            assertTrue(counted.get(401) <= 10, counted::toString);
        } finally {
            attackers.shutdownNow();
        }
    }

    @Test
    void failedLoginsFromOneAddressLockTheUsernameThereButNotForItsOwnerElsewhere() {
        TestUser user = TestUsers.create();
        ApiClient attacker = new ApiClient();
        for (int attempt = 1; attempt <= 10; attempt++) {
            assertEquals(
                    401,
                    attacker.post("/api/v1/auth/login", credentials(user.username(), "wrong-password-" + attempt))
                            .status());
        }
        byte[] body = credentials(user.username(), user.password()).toString().getBytes(StandardCharsets.UTF_8);

        int owner;
        try (RawHttp login = new RawHttp(
                "127.0.0.4",
                "POST",
                "/api/v1/auth/login",
                Map.of("Content-Type", "application/json", "Content-Length", String.valueOf(body.length)))) {
            owner = login.write(body).status();
        }

        assertEquals(
                429,
                attacker.post("/api/v1/auth/login", credentials(user.username(), user.password()))
                        .status(),
                "the address that failed ten times waits");
        assertEquals(200, owner, "the owner, from another address, signs in");
    }

    @Test
    void bearerRequestsAreNotSubjectToTheOriginCheck() {
        TestUser user = TestUsers.create();
        ApiClient tokenClient = TestUsers.withToken(user);
        String tokenId = tokenClient
                .get("/api/v1/auth/tokens")
                .json()
                .getJsonArray("data")
                .getJsonObject(0)
                .getString("id");

        Reply reply = tokenClient.send(
                "DELETE",
                "/api/v1/auth/tokens/" + tokenId,
                null,
                (String) null,
                Map.of("Origin", "https://evil.example"));

        assertEquals(200, reply.status(), reply::toString);
    }

    private static String sessionId(ApiClient client) {
        return client.cookies().getCookieStore().get(ApiClient.base()).stream()
                .filter(cookie -> cookie.getName().equals("JSESSIONID"))
                .map(HttpCookie::getValue)
                .reduce((first, last) -> last)
                .orElseThrow();
    }

    private static HttpCookie sessionCookie(String id) {
        HttpCookie cookie = new HttpCookie("JSESSIONID", id);
        cookie.setPath("/");
        cookie.setVersion(0);
        assertNotNull(id);
        return cookie;
    }
}
