package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.snippetstore.platform.Secrets;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.PrometheusText;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

/** Device login: a client without a reachable browser polls while its user approves a short code in a signed-in browser. */
public abstract class DeviceLoginTests {

    private final TestUser user = TestUsers.create();
    private final ApiClient browser = TestUsers.signedIn(user);
    private final ApiClient client = new ApiClient();

    private JsonObject start(String name) {
        Reply started = client.post(
                "/api/v1/auth/device",
                Json.createObjectBuilder().add("name", name).build());
        assertEquals(200, started.status(), started::toString);
        return started.data();
    }

    private Reply poll(JsonObject started) {
        return client.post(
                "/api/v1/auth/device/token",
                Json.createObjectBuilder()
                        .add("deviceCode", started.getString("deviceCode"))
                        .build());
    }

    @Test
    void anApprovedLoginGivesItsClientATokenOfTheUserOnceAndNothingBefore() {
        JsonObject started = start("laptop over ssh");
        String userCode = started.getString("userCode");
        assertTrue(userCode.matches("[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}"), userCode);
        assertEquals(ApiClient.base().resolve("/device").toString(), started.getString("verificationUrl"));
        assertEquals(
                started.getString("verificationUrl") + "?code=" + userCode,
                started.getString("verificationUrlComplete"));
        assertEquals(5, started.getInt("interval"));
        assertTrue(started.getInt("expiresIn") > 590 && started.getInt("expiresIn") <= 600, started::toString);

        assertEquals("authorization_pending", poll(started).errorCode());
        assertEquals("slow_down", poll(started).errorCode(), "a poll sooner than the interval");

        // typed as people type it: lower case, without the hyphen
        Reply described =
                browser.get("/api/v1/auth/device/" + userCode.replace("-", "").toLowerCase(Locale.ROOT));
        assertEquals(200, described.status(), described::toString);
        assertEquals("laptop over ssh", described.data().getString("name"));
        assertEquals("127.0.0.1", described.data().getString("clientAddress"));
        Reply approved = browser.post(
                "/api/v1/auth/device/" + userCode + "/approve",
                Json.createObjectBuilder().build());
        assertEquals(200, approved.status(), approved::toString);

        Reply issued = poll(started);
        assertEquals(200, issued.status(), issued::toString);
        assertEquals("laptop over ssh", issued.data().getString("name"));
        assertEquals(user.id(), issued.data().getString("userId"));
        assertEquals(
                java.time.Duration.ofDays(90),
                java.time.Duration.between(
                        java.time.Instant.parse(issued.data().getString("createdAt")),
                        java.time.Instant.parse(issued.data().getString("expiresAt"))),
                "a login's token lives SNIPPETS_LOGIN_TOKEN_DAYS (90) by default");
        Reply me = new ApiClient().withBearer(issued.data().getString("token")).get("/api/v1/auth/whoami");
        assertEquals(user.username(), me.data().getString("username"));
        assertEquals("invalid_code", poll(started).errorCode(), "the token is taken once");
        assertEquals(404, browser.get("/api/v1/auth/device/" + userCode).status(), "a decided login waits no more");
    }

    @Test
    void aLoginAsksForScopesWhichTheApprovalPageShowsAndTheTokenCarries() {
        Reply started = client.post(
                "/api/v1/auth/device",
                Json.createObjectBuilder()
                        .add("name", "reader")
                        .add("scope", "snippets:read  admin")
                        .build());
        assertEquals(200, started.status(), started::toString);
        String userCode = started.data().getString("userCode");

        Reply described = browser.get("/api/v1/auth/device/" + userCode);
        assertEquals(
                java.util.List.of("snippets:read"),
                described.data().getJsonArray("scopes").getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString)
                        .toList(),
                "administration is dropped for a user who is no administrator, and the page says so");
        assertEquals(
                200,
                browser.post(
                                "/api/v1/auth/device/" + userCode + "/approve",
                                Json.createObjectBuilder().build())
                        .status());
        Reply issued = poll(started.data());
        JsonObject whoami = new ApiClient()
                .withBearer(issued.data().getString("token"))
                .get("/api/v1/auth/whoami")
                .data();
        assertEquals("[\"snippets:read\"]", whoami.getJsonArray("scopes").toString());

        Reply unknown = client.post(
                "/api/v1/auth/device",
                Json.createObjectBuilder().add("scope", "snippets:everything").build());
        assertEquals(400, unknown.status(), unknown::toString);
        assertEquals("validation_failed", unknown.errorCode());
        Reply onlyAdmin = client.post(
                "/api/v1/auth/device",
                Json.createObjectBuilder().add("scope", "admin").build());
        assertEquals(
                403,
                browser.post(
                                "/api/v1/auth/device/" + onlyAdmin.data().getString("userCode") + "/approve",
                                Json.createObjectBuilder().build())
                        .status(),
                "nothing of what it asks for may be given");
    }

    @Test
    void aLoginAsksForATokenLimitedToCollectionsAndForItsLifetimeWhichThePageShowsAndTheApprovalChecks() {
        String runbooks = browser.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder().add("name", "runbooks").build())
                .data()
                .getString("id");
        Reply started = client.post(
                "/api/v1/auth/device",
                Json.createObjectBuilder()
                        .add("name", "ci runbooks")
                        .add("scope", "snippets:read")
                        .add("collections", Json.createArrayBuilder().add(runbooks))
                        .add("expiresInDays", 7)
                        .build());
        assertEquals(200, started.status(), started::toString);
        String userCode = started.data().getString("userCode");

        JsonObject described = browser.get("/api/v1/auth/device/" + userCode).data();
        assertEquals(
                Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("id", runbooks).add("name", "runbooks"))
                        .build(),
                described.getJsonArray("collections"));
        assertEquals(7, described.getInt("expiresInDays"));
        assertEquals(
                200,
                browser.post(
                                "/api/v1/auth/device/" + userCode + "/approve",
                                Json.createObjectBuilder().build())
                        .status());
        JsonObject issued = poll(started.data()).data();
        assertEquals(
                java.time.Duration.ofDays(7),
                java.time.Duration.between(
                        java.time.Instant.parse(issued.getString("createdAt")),
                        java.time.Instant.parse(issued.getString("expiresAt"))));
        JsonObject whoami = new ApiClient()
                .withBearer(issued.getString("token"))
                .get("/api/v1/auth/whoami")
                .data();
        assertEquals(
                "[\"" + runbooks + "\"]", whoami.getJsonArray("collections").toString());

        String strangers = TestUsers.signedIn(TestUsers.create())
                .post(
                        "/api/v1/collections",
                        Json.createObjectBuilder().add("name", "theirs").build())
                .data()
                .getString("id");
        Reply foreign = client.post(
                "/api/v1/auth/device",
                Json.createObjectBuilder()
                        .add("collections", Json.createArrayBuilder().add(strangers))
                        .build());
        String foreignCode = foreign.data().getString("userCode");
        assertEquals(
                0,
                browser.get("/api/v1/auth/device/" + foreignCode)
                        .data()
                        .getJsonArray("collections")
                        .size(),
                "a collection the approver may not read is not named to them");
        Reply refused = browser.post(
                "/api/v1/auth/device/" + foreignCode + "/approve",
                Json.createObjectBuilder().build());
        assertEquals(400, refused.status(), refused::toString);
        assertEquals("validation_failed", refused.errorCode());
        assertEquals("authorization_pending", poll(foreign.data()).errorCode(), "nothing was approved");
    }

    @Test
    void aDeniedLoginGivesNoTokenAndCannotBeApprovedAfterwards() {
        JsonObject started = start("CLI");
        String userCode = started.getString("userCode");

        assertEquals(
                200,
                browser.post(
                                "/api/v1/auth/device/" + userCode + "/deny",
                                Json.createObjectBuilder().build())
                        .status());
        assertEquals(
                404,
                browser.post(
                                "/api/v1/auth/device/" + userCode + "/approve",
                                Json.createObjectBuilder().build())
                        .status());
        assertEquals("access_denied", poll(started).errorCode());
    }

    @Test
    void onlyABrowserSessionDecidesAndAnUnknownDeviceCodeIsInvalid() {
        JsonObject started = start("CLI");
        String userCode = started.getString("userCode");
        ApiClient withToken = TestUsers.withToken(user);

        assertEquals(
                "session_required",
                withToken
                        .post(
                                "/api/v1/auth/device/" + userCode + "/approve",
                                Json.createObjectBuilder().build())
                        .errorCode());
        assertEquals(401, new ApiClient().get("/api/v1/auth/device/" + userCode).status());
        assertEquals(
                401,
                new ApiClient()
                        .post(
                                "/api/v1/auth/device/" + userCode + "/approve",
                                Json.createObjectBuilder().build())
                        .status());
        Reply unknown = client.post(
                "/api/v1/auth/device/token",
                Json.createObjectBuilder()
                        .add("deviceCode", "not-a-device-code")
                        .build());
        assertEquals("invalid_code", unknown.errorCode());
        assertEquals(
                400,
                client.post(
                                "/api/v1/auth/device",
                                Json.createObjectBuilder()
                                        .add("name", "x".repeat(101))
                                        .build())
                        .status());
        assertEquals(
                400,
                client.post(
                                "/api/v1/auth/device",
                                Json.createObjectBuilder().add("name", "  ").build())
                        .status());
        Reply unnamed =
                client.post("/api/v1/auth/device", Json.createObjectBuilder().build());
        assertEquals(200, unnamed.status(), unnamed::toString);
    }

    @Test
    void tenUnknownCodesInARowMakeTheNextLookupWaitEvenForALiveCode() {
        JsonObject started = start("CLI");
        ApiClient guesser = TestUsers.signedIn(TestUsers.create());

        for (int i = 0; i < 10; i++) {
            assertEquals(
                    404,
                    guesser.get("/api/v1/auth/device/BBBB-BBB" + "CDFGHJKLMN".charAt(i))
                            .status());
        }
        Reply throttled = guesser.get("/api/v1/auth/device/" + started.getString("userCode"));
        assertEquals(429, throttled.status(), throttled::toString);
        assertNotNull(throttled.header("Retry-After"));
        assertEquals(
                200,
                browser.get("/api/v1/auth/device/" + started.getString("userCode"))
                        .status(),
                "another user is not held back");
    }

    @Test
    void aGuessersOwnLiveCodeDoesNotResetTheirCountOfUnknownOnes() {
        ApiClient guesser = TestUsers.signedIn(TestUsers.create());
        JsonObject own = start("guesser's own");

        for (int i = 0; i < 9; i++) {
            assertEquals(
                    404,
                    guesser.get("/api/v1/auth/device/CCCC-CCC" + "DFGHJKLMNP".charAt(i))
                            .status());
        }
        assertEquals(
                200,
                guesser.get("/api/v1/auth/device/" + own.getString("userCode")).status(),
                "their own code is found");
        assertEquals(404, guesser.get("/api/v1/auth/device/CCCC-CCCQ").status(), "the tenth unknown one");
        Reply throttled = guesser.get("/api/v1/auth/device/" + own.getString("userCode"));

        assertEquals(429, throttled.status(), "ten unknown codes in the window, whatever came between: " + throttled);
        assertEquals("rate_limited", throttled.errorCode());
    }

    private static double writerEntries(ApiClient admin) {
        return PrometheusText.value(admin.get("/api/v1/metrics").text(), "snippets_write_gate_wait_seconds_count")
                .orElse(0.0);
    }

    @Test
    void pollsWithUnknownOrEndedCodesAreAnsweredWithoutWaitingForTheWriter() {
        ApiClient admin = TestUsers.admin();
        JsonObject denied = start("denied");
        assertEquals(
                200,
                browser.post(
                                "/api/v1/auth/device/" + denied.getString("userCode") + "/deny",
                                Json.createObjectBuilder().build())
                        .status());
        double before = writerEntries(admin);

        for (int i = 0; i < 30; i++) {
            Reply unknown = client.post(
                    "/api/v1/auth/device/token",
                    Json.createObjectBuilder().add("deviceCode", "unknown-" + i).build());
            assertEquals("invalid_code", unknown.errorCode(), unknown::toString);
            assertEquals("access_denied", poll(denied).errorCode());
        }
        double entered = writerEntries(admin) - before;

        // 60 polls that each entered the writer would count 60; the service's own upkeep may write a few times
        // meanwhile
        assertTrue(entered < 20, "polls that change nothing entered the writer: " + entered);
    }

    @Test
    void aLoginPastItsTimeAnswersExpiredTokenToItsPoll() {
        JsonObject started = start("too late");
        assertEquals("authorization_pending", poll(started).errorCode());

        Database.age(
                "device_logins", "expires_at", "device_code_hash", Secrets.sha256Hex(started.getString("deviceCode")));

        Reply late = poll(started);
        assertEquals(400, late.status(), late::toString);
        assertEquals("expired_token", late.errorCode());
        assertEquals(
                404,
                browser.get("/api/v1/auth/device/" + started.getString("userCode"))
                        .status(),
                "nobody can approve it any more");
    }

    @Test
    void ofPollsSentAtOnceAfterTheApprovalExactlyOneGetsTheToken() throws Exception {
        JsonObject started = start("raced");
        Reply approved = browser.post(
                "/api/v1/auth/device/" + started.getString("userCode") + "/approve",
                Json.createObjectBuilder().build());
        assertEquals(200, approved.status(), approved::toString);

        ExecutorService clients = Executors.newFixedThreadPool(8);
        List<Reply> answers = new ArrayList<>();
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Reply>> polls = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                polls.add(clients.submit(() -> {
                    go.await();
                    return poll(started);
                }));
            }
            go.countDown();
            for (Future<Reply> each : polls) {
                answers.add(each.get(60, TimeUnit.SECONDS));
            }
        } finally {
            clients.shutdownNow();
        }

        List<Reply> issued =
                answers.stream().filter(answer -> answer.status() == 200).toList();
        assertEquals(1, issued.size(), answers::toString);
        answers.stream()
                .filter(answer -> answer.status() != 200)
                .forEach(answer -> assertEquals("invalid_code", answer.errorCode(), answer::toString));
        assertEquals(
                1,
                TestUsers.withToken(user).get("/api/v1/auth/tokens").json().getJsonArray("data").stream()
                        .filter(token -> token.asJsonObject().getString("name").equals("raced"))
                        .count(),
                "one token was made");
    }
}
