package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.snippetstore.platform.Secrets;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

public abstract class BrowserLoginTests {

    static String start(String callback, String... more) {
        StringBuilder path = new StringBuilder("/api/v1/auth/browser-login?callback=")
                .append(URLEncoder.encode(callback, StandardCharsets.UTF_8));
        for (int i = 0; i < more.length; i += 2) {
            path.append('&').append(more[i]).append('=').append(URLEncoder.encode(more[i + 1], StandardCharsets.UTF_8));
        }
        return path.toString();
    }

    static Map<String, String> query(URI uri) {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            String[] parts = pair.split("=", 2);
            parameters.put(parts[0], java.net.URLDecoder.decode(parts[1], StandardCharsets.UTF_8));
        }
        return parameters;
    }

    static Reply exchange(String code, String verifier) {
        var body = Json.createObjectBuilder().add("code", code);
        if (verifier != null) {
            body.add("codeVerifier", verifier);
        }
        return new ApiClient().post("/api/v1/auth/browser-login/exchange", body.build());
    }

    /** Signs in as a new user and runs the redirect step; answers the code from the callback. */
    static String codeFor(ApiClient browser, String... more) {
        Reply redirect = browser.get(start("http://127.0.0.1:47111/cb", more));
        assertEquals(302, redirect.status(), redirect::toString);
        return query(URI.create(redirect.header("Location"))).get("code");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://example.com/cb",
                "http://localhost.example.com/cb",
                "http://user@127.0.0.1:9/cb",
                "http://127.0.0.1:9/cb#x",
                "http://127.0.0.1:9/cb#",
                "javascript:alert(1)",
                "//127.0.0.1/cb",
                "/cb",
                "http://127.0.0.2/cb",
                "ftp://127.0.0.1/cb",
                "http://[::2]/cb",
                "http:127.0.0.1/cb",
                " "
            })
    void aCallbackThatIsNotALoopbackHttpUrlIsRefusedWithoutRedirect(String callback) {
        for (ApiClient client :
                List.of(new ApiClient(), TestUsers.signedIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD))) {
            Reply reply = client.get(start(callback));

            assertEquals(400, reply.status(), callback + " -> " + reply);
            assertEquals("invalid_callback", reply.errorCode());
            assertNull(reply.header("Location"));
        }
    }

    @Test
    void theNameStateAndCodeChallengeAreAcceptedAtTheirLimitsAndRefusedPastThem() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        String callback = "http://127.0.0.1:47111/cb";
        String challenge = "c".repeat(43);
        for (String[] accepted : List.of(
                new String[] {"name", "n".repeat(100)},
                new String[] {"state", "s".repeat(1_024)},
                new String[] {"code_challenge", challenge, "code_challenge_method", "S256"},
                new String[] {"code_challenge", "c".repeat(128), "code_challenge_method", "S256"})) {
            Reply reply = browser.get(start(callback, accepted));
            assertEquals(302, reply.status(), accepted[0] + " of " + accepted[1].length() + ": " + reply);
        }
        for (String[] refused : List.of(
                new String[] {"name", "n".repeat(101)},
                new String[] {"name", ""},
                new String[] {"state", "s".repeat(1_025)},
                new String[] {"code_challenge", "c".repeat(42), "code_challenge_method", "S256"},
                new String[] {"code_challenge", "c".repeat(129), "code_challenge_method", "S256"},
                new String[] {"code_challenge", challenge, "code_challenge_method", "plain"},
                new String[] {"code_challenge", "c".repeat(42) + "!", "code_challenge_method", "S256"})) {
            Reply reply = browser.get(start(callback, refused));
            assertEquals(400, reply.status(), refused[0] + " of " + refused[1].length() + ": " + reply);
            assertEquals("bad_request", reply.errorCode());
            assertNull(reply.header("Location"), "no redirect");
        }
    }

    @Test
    void aMissingCallbackIsRefused() {
        Reply reply = new ApiClient().get("/api/v1/auth/browser-login?name=x");

        assertEquals(400, reply.status());
        assertEquals("invalid_callback", reply.errorCode());
        assertNull(reply.header("Location"));
    }

    @Test
    void withoutASessionTheBrowserIsSentToTheLoginPageAndBackWithAMarkerAlsoKeptInACookie() {
        String path = start("http://localhost:8765/done", "state", "xyz");

        Reply reply = new ApiClient().get(path);

        assertEquals(302, reply.status());
        URI location = URI.create(reply.header("Location"));
        assertEquals("/login", location.getPath());
        String next = query(location).get("next");
        assertTrue(next.startsWith(path + "&started="), next);
        String marker = next.substring((path + "&started=").length());
        assertTrue(marker.matches("[A-Za-z0-9_-]{22}"), marker);
        String cookie = reply.header("Set-Cookie");
        assertTrue(cookie.startsWith("snippets_browser_login=" + marker + ";"), cookie);
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("Path=/api/v1/auth/browser-login"), cookie);
    }

    @Test
    void aSameOriginNavigationWithoutASessionIsSentToSignInWithoutAMarker() {
        String path = start("http://localhost:8765/done", "state", "xyz");

        Reply reply = new ApiClient()
                .send("GET", path + "&started=forged", null, (String) null, Map.of("Sec-Fetch-Site", "same-origin"));

        assertEquals(302, reply.status());
        assertEquals(
                path,
                query(URI.create(reply.header("Location"))).get("next"),
                "a marker in the request is dropped, none is added");
        assertNull(reply.header("Set-Cookie"));
    }

    @Test
    void theUsersOwnSignedOutStartReachesTheCallbackAfterSigningInOnceOnly() {
        TestUser user = TestUsers.create();
        ApiClient browser = new ApiClient();
        Reply toSignIn = browser.send(
                "GET",
                start("http://127.0.0.1:47111/cb", "state", "mine"),
                null,
                (String) null,
                Map.of("Sec-Fetch-Site", "none"));
        String next = query(URI.create(toSignIn.header("Location"))).get("next");
        assertEquals(
                200,
                browser.post(
                                "/api/v1/auth/login",
                                Json.createObjectBuilder()
                                        .add("username", user.username())
                                        .add("password", user.password())
                                        .build())
                        .status());

        Reply back = browser.send("GET", next, null, (String) null, Map.of("Sec-Fetch-Site", "same-origin"));

        assertEquals(302, back.status(), back::toString);
        assertEquals(47111, URI.create(back.header("Location")).getPort());
        assertTrue(query(URI.create(back.header("Location"))).get("code").matches("[A-Za-z0-9_-]{43}"));
        Reply again = browser.send("GET", next, null, (String) null, Map.of("Sec-Fetch-Site", "same-origin"));
        assertEquals("/authorize", URI.create(again.header("Location")).getPath(), "the marker works once");
    }

    @Test
    void aMarkerWithoutItsCookieOrAnotherBrowsersCookieGetsTheConsentPage() {
        ApiClient attacker = new ApiClient();
        String next = query(URI.create(
                        attacker.get(start("http://127.0.0.1:47111/cb")).header("Location")))
                .get("next");
        TestUser user = TestUsers.create();
        ApiClient victim = new ApiClient();
        assertTrue(victim.get(start("http://127.0.0.1:47112/cb", "name", "own start"))
                .header("Set-Cookie")
                .startsWith("snippets_browser_login="));
        assertEquals(
                200,
                victim.post(
                                "/api/v1/auth/login",
                                Json.createObjectBuilder()
                                        .add("username", user.username())
                                        .add("password", user.password())
                                        .build())
                        .status());

        Reply lured = victim.send("GET", next, null, (String) null, Map.of("Sec-Fetch-Site", "same-origin"));

        assertEquals(302, lured.status(), lured::toString);
        URI location = URI.create(lured.header("Location"));
        assertEquals("/authorize", location.getPath());
        assertNull(query(location).get("started"));
        assertNull(query(location).get("code"));

        Reply empty = victim.send(
                "GET",
                start("http://127.0.0.1:47111/cb") + "&started=",
                null,
                (String) null,
                Map.of("Sec-Fetch-Site", "same-origin", "Cookie", "snippets_browser_login="));
        assertEquals("/authorize", URI.create(empty.header("Location")).getPath(), "an empty marker matches nothing");
    }

    @ParameterizedTest
    @ValueSource(strings = {"image", "script", "iframe", "empty"})
    void aRequestThatIsNotAPageNavigationNeverMints(String fetchDest) {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());

        Reply reply = browser.send(
                "GET",
                start("http://127.0.0.1:47111/cb"),
                null,
                (String) null,
                Map.of("Sec-Fetch-Site", "same-origin", "Sec-Fetch-Dest", fetchDest));

        assertEquals(403, reply.status(), reply::toString);
        assertEquals("forbidden", reply.errorCode());
        assertNull(reply.header("Location"));
    }

    @Test
    void withASessionTheBrowserIsSentToTheCallbackWithCodeAndStateAddedToItsQuery() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());

        Reply reply = browser.get(
                start("http://[::1]:9000/callback/path?keep=1&x=%20y", "state", "s t&ate", "name", "my laptop"));

        assertEquals(302, reply.status(), reply::toString);
        URI location = URI.create(reply.header("Location"));
        assertEquals("[::1]", location.getHost());
        assertEquals(9000, location.getPort());
        assertEquals("/callback/path", location.getPath());
        assertTrue(location.getRawQuery().startsWith("keep=1&x=%20y&code="), location::toString);
        Map<String, String> parameters = query(location);
        assertEquals("s t&ate", parameters.get("state"));
        assertTrue(parameters.get("code").matches("[A-Za-z0-9_-]{43}"), "256 random bits");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cross-site", "same-site", "Cross-Site", "same-origin", "unknown"})
    void aNavigationTheUserDidNotStartGetsTheConsentPageAndNoCode(String fetchSite) {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        String path = start("http://127.0.0.1:47111/cb", "state", "s1", "name", "lured");

        Reply reply = browser.send("GET", path, null, (String) null, Map.of("Sec-Fetch-Site", fetchSite));

        assertEquals(302, reply.status(), reply::toString);
        URI location = URI.create(reply.header("Location"));
        assertEquals(ApiClient.base().getPort(), location.getPort());
        assertEquals("/authorize", location.getPath());
        assertEquals("http://127.0.0.1:47111/cb", query(location).get("callback"));
        assertEquals("lured", query(location).get("name"));
        assertNull(query(location).get("code"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "None"})
    void aNavigationThatTheUserStartedGetsTheCodeAtOnce(String fetchSite) {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());

        Reply reply = browser.send(
                "GET",
                start("http://127.0.0.1:47111/cb"),
                null,
                (String) null,
                Map.of("Sec-Fetch-Site", fetchSite, "Sec-Fetch-Dest", "document"));

        assertEquals(302, reply.status(), reply::toString);
        assertEquals(47111, URI.create(reply.header("Location")).getPort());
        assertTrue(query(URI.create(reply.header("Location"))).get("code").matches("[A-Za-z0-9_-]{43}"));
    }

    private static JsonObject approval(String callback) {
        return Json.createObjectBuilder()
                .add("callback", callback)
                .add("name", "approved cli")
                .add("state", "st")
                .build();
    }

    @Test
    void approvingOnTheConsentPageAnswersTheCallbackWithAWorkingCode() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);

        Reply approved = browser.send(
                "POST",
                "/api/v1/auth/browser-login",
                "application/json",
                approval("http://localhost:5005/cb").toString(),
                Map.of("Origin", ApiClient.base().toString().replaceAll("/$", "")));

        assertEquals(200, approved.status(), approved::toString);
        URI callback = URI.create(approved.data().getString("redirectTo"));
        assertEquals(5005, callback.getPort());
        assertEquals("st", query(callback).get("state"));
        Reply exchanged = exchange(query(callback).get("code"), null);
        assertEquals(200, exchanged.status(), exchanged::toString);
        assertEquals(user.id(), exchanged.data().getString("userId"));
        assertEquals(
                java.time.Duration.ofDays(90),
                java.time.Duration.between(
                        java.time.Instant.parse(exchanged.data().getString("createdAt")),
                        java.time.Instant.parse(exchanged.data().getString("expiresAt"))),
                "a login's token expires by default");
        assertEquals("approved cli", exchanged.data().getString("name"));
    }

    @Test
    void theApprovalIsASameOriginBrowserSessionRequestOnly() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        String body = approval("http://127.0.0.1:5005/cb").toString();

        Reply foreign = browser.send(
                "POST",
                "/api/v1/auth/browser-login",
                "application/json",
                body,
                Map.of("Origin", "https://evil.example"));
        Reply withToken = TestUsers.withToken(user)
                .send("POST", "/api/v1/auth/browser-login", "application/json", body, Map.of());
        Reply anonymous =
                new ApiClient().send("POST", "/api/v1/auth/browser-login", "application/json", body, Map.of());
        Reply offLoopback = browser.send(
                "POST",
                "/api/v1/auth/browser-login",
                "application/json",
                approval("https://evil.example/cb").toString(),
                Map.of());

        assertEquals("csrf_rejected", foreign.errorCode(), foreign::toString);
        assertEquals("session_required", withToken.errorCode(), withToken::toString);
        assertEquals(401, anonymous.status(), anonymous::toString);
        assertEquals("invalid_callback", offLoopback.errorCode(), offLoopback::toString);
    }

    @Test
    void theCodeIsExchangedOnceForAWorkingTokenOfTheSignedInUser() {
        TestUser user = TestUsers.create();
        ApiClient browser = TestUsers.signedIn(user);
        String code = codeFor(browser, "name", "my cli");

        Reply exchanged = exchange(code, null);

        assertEquals(200, exchanged.status(), exchanged::toString);
        JsonObject token = exchanged.data();
        assertEquals(user.id(), token.getString("userId"));
        assertEquals("my cli", token.getString("name"));
        assertTrue(token.getString("token").startsWith("sst_"));
        Reply whoami = new ApiClient().withBearer(token.getString("token")).get("/api/v1/auth/whoami");
        assertEquals(user.id(), whoami.data().getString("userId"));
        Reply again = exchange(code, null);
        assertEquals(400, again.status());
        assertEquals("invalid_code", again.errorCode());
    }

    @Test
    void aLoginAsksForScopesAndItsTokenCarriesThoseTheUserMayHold() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());

        JsonObject reader = exchange(codeFor(browser, "scope", "snippets:read account"), null)
                .data();
        JsonObject withoutAdmin =
                exchange(codeFor(browser, "scope", "snippets:read admin"), null).data();

        assertEquals("[\"snippets:read\",\"account\"]", scopesOf(reader));
        assertEquals("[\"snippets:read\"]", scopesOf(withoutAdmin), "administration only for an administrator");
        Reply onlyAdmin = browser.get(start("http://127.0.0.1:47111/cb", "scope", "admin"));
        assertEquals(403, onlyAdmin.status(), onlyAdmin::toString);
        Reply unknown = browser.get(start("http://127.0.0.1:47111/cb", "scope", "snippets:everything"));
        assertEquals(400, unknown.status(), unknown::toString);
        assertEquals("bad_request", unknown.errorCode());
        assertEquals(
                "scope",
                unknown.json()
                        .getJsonObject("error")
                        .getJsonArray("details")
                        .getJsonObject(0)
                        .getString("field"));
    }

    private static String scopesOf(JsonObject exchanged) {
        return new ApiClient()
                .withBearer(exchanged.getString("token"))
                .get("/api/v1/auth/whoami")
                .data()
                .getJsonArray("scopes")
                .toString();
    }

    @Test
    void theTokenNameDefaultsToCli() {
        String code = codeFor(TestUsers.signedIn(TestUsers.create()));

        assertEquals("CLI", exchange(code, null).data().getString("name"));
    }

    @Test
    void anUnknownCodeIsInvalid() {
        Reply reply = exchange("no-such-code", null);

        assertEquals(400, reply.status());
        assertEquals("invalid_code", reply.errorCode());
        assertEquals(
                "validation_failed",
                new ApiClient()
                        .post(
                                "/api/v1/auth/browser-login/exchange",
                                Json.createObjectBuilder().build())
                        .errorCode());
    }

    @Test
    void ofTwentyConcurrentExchangesOfOneCodeExactlyOneSucceeds() throws Exception {
        String code = codeFor(TestUsers.signedIn(TestUsers.create()));
        int contenders = 20;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(contenders);
        try {
            List<Future<Reply>> replies = new ArrayList<>();
            for (int i = 0; i < contenders; i++) {
                replies.add(pool.submit(() -> {
                    start.await();
                    return exchange(code, null);
                }));
            }
            start.countDown();
            int won = 0;
            for (Future<Reply> reply : replies) {
                Reply done = reply.get();
                if (done.status() == 200) {
                    won++;
                } else {
                    assertEquals(400, done.status(), done::toString);
                    assertEquals("invalid_code", done.errorCode());
                }
            }
            assertEquals(1, won);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anExpiredCodeIsInvalid() {
        String code = codeFor(TestUsers.signedIn(TestUsers.create()));

        Database.age("login_codes", "expires_at", "code_hash", Secrets.sha256Hex(code));

        assertEquals("invalid_code", exchange(code, null).errorCode());
    }

    @Test
    void withPkceOnlyTheRightVerifierWinsAndAWrongOneConsumesTheCode() throws Exception {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        String verifier = "a-verifier-of-enough-length-0123456789-abcdefghijklmnop";
        String challenge = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(
                        MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));

        String good = codeFor(browser, "code_challenge", challenge, "code_challenge_method", "S256");
        assertEquals(200, exchange(good, verifier).status());

        String missing = codeFor(browser, "code_challenge", challenge, "code_challenge_method", "S256");
        assertEquals("invalid_code", exchange(missing, null).errorCode());

        String wrong = codeFor(browser, "code_challenge", challenge, "code_challenge_method", "S256");
        assertEquals("invalid_code", exchange(wrong, verifier + "x").errorCode());
        assertEquals("invalid_code", exchange(wrong, verifier).errorCode(), "the failed attempt consumed the code");
    }

    @Test
    void onlyTheS256ChallengeMethodIsAccepted() {
        ApiClient browser = TestUsers.signedIn(TestUsers.create());
        String challenge = "x".repeat(43);

        Reply plain = browser.get(
                start("http://127.0.0.1:9/cb", "code_challenge", challenge, "code_challenge_method", "plain"));
        Reply none = browser.get(start("http://127.0.0.1:9/cb", "code_challenge", challenge));

        assertEquals(400, plain.status());
        assertEquals("bad_request", plain.errorCode());
        assertEquals(400, none.status());
    }
}
