package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

import io.snippetstore.platform.Settings;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Database;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.RawHttp;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sign-ins at the production cost of a password check, on a Payara Micro of the test's own (the
 * own-server pass): the suite's servers hash with few iterations to keep CI short, so what depends
 * on a check being slow (the limit on checks at once) and the default cost itself are proven
 * here. The decoy for unknown usernames is tested by its count (MetricsTests); the time it buys is
 * measured by bench/login-decoy.sh.
 */
@Tag(TestTags.OWN_SERVER)
class LoginAtProductionCostIT {

    @TempDir
    static Path data;

    private static OwnPayaraMicro server;

    @BeforeAll
    static void start() throws Exception {
        Map<String, String> environment = new HashMap<>();
        environment.put("SNIPPETS_DATA_DIR", data.toString());
        environment.put(Settings.PASSWORD_HASH_ITERATIONS, null); // the default, as in production
        server = OwnPayaraMicro.start("login-at-production-cost", environment);
        // a server that has run a while has compiled its hash and its request path: the first checks
        // of a cold JVM take seconds, and a storm against one leaves others waiting on the compiler
        for (int i = 0; i < 8; i++) {
            loginFrom("127.0.0.6", credentials(TestUsers.uniqueName("warm-up"), "warm-up"));
        }
        try (LoginStorm warmUp = new LoginStorm()) {
            Thread.sleep(5_000);
        }
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
    }

    private static JsonObject credentials(String username, String password) {
        return Json.createObjectBuilder()
                .add("username", username)
                .add("password", password)
                .build();
    }

    private static int loginFrom(String from, JsonObject credentials) {
        byte[] body = credentials.toString().getBytes(StandardCharsets.UTF_8);
        try (RawHttp login = new RawHttp(
                from,
                server.base().getPort(),
                "POST",
                "/api/v1/auth/login",
                Map.of("Content-Type", "application/json", "Content-Length", String.valueOf(body.length)))) {
            return login.write(body).status();
        }
    }

    private static String newUser(String prefix, String password) {
        return OwnPayaraMicro.newUser(server.session(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD), prefix, password);
    }

    @Test
    void aNewPasswordIsHashedWithTheDefault210000IterationsOfPbkdf2() {
        String username = newUser("hashed", "a-production-password");

        assertEquals(
                1,
                Database.number(
                        data.resolve("snippets.db"),
                        "SELECT COUNT(*) FROM users WHERE username = ? AND password_hash LIKE ?",
                        username,
                        "PBKDF2WithHmacSHA512:" + Settings.PASSWORD_HASH_ITERATIONS_DEFAULT + ":%"));
        assertEquals(
                200,
                server.session(username, "a-production-password")
                        .get("/api/v1/auth/whoami")
                        .status());
    }

    /**
     * A sign-in that finds no place within the limiter's wait (2 s) is a 429: the third address's
     * sign-ins answering 200 while both storms are being refused is the rule, with no clock in the
     * test (bench/login-storm.sh measures how long they take).
     */
    @Test
    void stormsOfLoginsFromTwoAddressesLeaveAThirdAddressItsSignIns() throws Exception {
        String username = newUser("storm-target", "storm-target-password");
        LoginStorm storm = new LoginStorm();
        try (storm) {
            Eventually.holds(
                    () -> storm.refusedFrom.containsAll(Set.of("127.0.0.1", "127.0.0.2")),
                    "both storms are refused: the password checks are at their limit");

            for (int i = 0; i < 3; i++) {
                assertEquals(
                        200,
                        loginFrom("127.0.0.3", credentials(username, "storm-target-password")),
                        "the third address's sign-in gets a place, not a 429");
            }
            assertTrue(storm.isRaging(), "the sign-ins were made while the storms went on");
        }
        assertTrue(storm.statuses.containsKey(429), () -> "the storms were never refused: " + storm.statuses);
        assertEquals(Set.of("1"), storm.retryAfter);
        assertEquals(Set.of(401, 429), storm.statuses.keySet(), storm.statuses::toString);
    }

    /**
     * 64 clients signing in with wrong passwords for unknown usernames as fast as they are
     * answered, half from this address through the suite's client, half from 127.0.0.2, until closed.
     */
    private static final class LoginStorm implements AutoCloseable {

        final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
        final Set<String> retryAfter = ConcurrentHashMap.newKeySet();
        final Set<String> refusedFrom = ConcurrentHashMap.newKeySet();
        private final ExecutorService clients = Executors.newFixedThreadPool(64);
        private final AtomicBoolean raging = new AtomicBoolean(true);
        private final long stopAt = System.nanoTime() + Duration.ofSeconds(20).toNanos();

        LoginStorm() {
            for (int i = 0; i < 64; i++) {
                boolean second = i % 2 == 1;
                clients.submit(() -> rage(second));
            }
        }

        private void rage(boolean fromSecondAddress) {
            ApiClient attacker = new ApiClient(server.base());
            while (raging.get() && System.nanoTime() < stopAt) {
                JsonObject guess = credentials(TestUsers.uniqueName("nobody"), "guess");
                if (fromSecondAddress) {
                    int status = loginFrom("127.0.0.2", guess);
                    statuses.computeIfAbsent(status, ignored -> new LongAdder()).increment();
                    if (status == 429) {
                        refusedFrom.add("127.0.0.2");
                    }
                    continue;
                }
                Reply reply = attacker.post("/api/v1/auth/login", guess);
                statuses.computeIfAbsent(reply.status(), status -> new LongAdder())
                        .increment();
                if (reply.status() == 429) {
                    retryAfter.add(String.valueOf(reply.header("Retry-After")));
                    refusedFrom.add("127.0.0.1");
                }
            }
        }

        boolean isRaging() {
            return raging.get() && System.nanoTime() < stopAt;
        }

        @Override
        public void close() throws InterruptedException {
            raging.set(false);
            clients.shutdown();
            assertTrue(clients.awaitTermination(30, TimeUnit.SECONDS));
        }
    }
}
