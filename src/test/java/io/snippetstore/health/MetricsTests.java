package io.snippetstore.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.PrometheusText;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestUsers;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

public abstract class MetricsTests {

    /** How many of a kind a test makes, so that a counter that moved by one for another reason cannot pass for them. */
    private static final int READS = 3;

    @Test
    void anAdministratorReadsRequestsByRouteAndStatusInThePrometheusTextFormat() {
        ApiClient admin = adminWithToken();
        ApiClient user = TestUsers.withToken(TestUsers.create());
        String id = SnippetsApi.create(user, SnippetsApi.snippet("measured", "text", "m"))
                .getString("id");
        String route = "route=\"/api/v1/snippets/{snippetId}\"";
        double okBefore = value(admin, "http_server_requests_seconds_count", "method=\"GET\"", route, "status=\"200\"")
                .orElse(0.0);
        double unmatchedBefore = value(
                        admin, "http_server_requests_seconds_count", "route=\"unmatched\"", "status=\"404\"")
                .orElse(0.0);
        for (int i = 0; i < READS; i++) {
            assertEquals(200, user.get("/api/v1/snippets/" + id).status());
        }
        assertEquals(404, user.get("/api/v1/snippets/no-such-snippet").status());
        assertEquals(404, user.get("/api/v1/no-such-" + id).status());

        Reply scrape = admin.get("/api/v1/metrics");

        assertEquals(200, scrape.status(), scrape::toString);
        assertTrue(scrape.header("Content-Type").startsWith("text/plain"), scrape.header("Content-Type"));
        assertTrue(scrape.header("Content-Type").contains("version=0.0.4"), scrape.header("Content-Type"));
        // at least: the counters are global, and nothing stops another client from reading meanwhile
        assertTrue(PrometheusText.value(
                                scrape.text(),
                                "http_server_requests_seconds_count",
                                "method=\"GET\"",
                                route,
                                "status=\"200\"")
                        .orElseThrow()
                >= okBefore + READS);
        assertTrue(
                PrometheusText.value(
                                        scrape.text(),
                                        "http_server_requests_seconds_count",
                                        "route=\"unmatched\"",
                                        "status=\"404\"")
                                .orElseThrow()
                        >= unmatchedBefore + 1,
                "an unknown path counts as the one route \"unmatched\"");
        assertTrue(PrometheusText.value(
                                scrape.text(),
                                "http_server_requests_seconds_count",
                                "method=\"GET\"",
                                route,
                                "status=\"404\"")
                        .orElseThrow()
                >= 1);
        assertTrue(
                PrometheusText.value(
                                scrape.text(),
                                "http_server_requests_seconds_bucket",
                                route,
                                "status=\"200\"",
                                "le=\"+Inf\"")
                        .isPresent(),
                "a histogram");
        assertFalse(scrape.text().contains(id), "routes are templates, never ids");
    }

    @Test
    void theStoreItsDiskTheWriterLoginsAndTokensAreMeasured() {
        ApiClient admin = adminWithToken();
        double failuresBefore =
                value(admin, "snippets_logins_total", "outcome=\"failure\"").orElse(0.0);
        double successesBefore =
                value(admin, "snippets_logins_total", "outcome=\"success\"").orElse(0.0);
        for (int i = 0; i < READS; i++) {
            Reply refused = new ApiClient()
                    .post(
                            "/api/v1/auth/login",
                            Json.createObjectBuilder()
                                    .add("username", TestUsers.uniqueName("nobody"))
                                    .add("password", "wrong-password")
                                    .build());
            assertEquals(401, refused.status(), refused::toString);
        }
        TestUsers.signedIn(TestUsers.create());
        SnippetsApi.create(TestUsers.withToken(TestUsers.create()), SnippetsApi.snippet("written", "text", "w"));

        String text = admin.get("/api/v1/metrics").text();
        long users = admin.get("/api/v1/storage")
                .data()
                .getJsonObject("counts")
                .getJsonNumber("users")
                .longValue();

        assertTrue(PrometheusText.value(text, "snippets_logins_total", "outcome=\"failure\"")
                        .orElseThrow()
                >= failuresBefore + READS);
        assertTrue(PrometheusText.value(text, "snippets_logins_total", "outcome=\"success\"")
                        .orElseThrow()
                >= successesBefore + 1);
        assertEquals(
                users,
                PrometheusText.value(text, "snippets_stored_users")
                        .orElseThrow()
                        .longValue());
        for (String gauge : List.of(
                "snippets_stored_snippets",
                "snippets_stored_attachments",
                "snippets_stored_attachment_bytes",
                "snippets_database_size_bytes",
                "snippets_database_wal_size_bytes",
                "snippets_disk_free_bytes",
                "jvm_memory_used_bytes")) {
            assertTrue(PrometheusText.value(text, gauge).isPresent(), gauge + " in " + text);
        }
        assertTrue(PrometheusText.value(text, "snippets_database_size_bytes").orElseThrow() > 0);
        assertTrue(PrometheusText.value(text, "snippets_disk_free_bytes").orElseThrow() > 0);
        assertTrue(
                PrometheusText.value(text, "snippets_write_gate_wait_seconds_count")
                                .orElseThrow()
                        >= 1,
                "the create waited for the writer");
        assertTrue(PrometheusText.value(text, "snippets_token_requests_total").orElseThrow() >= 1);
    }

    /** The decoy behind "an unknown username takes as long as a wrong password", seen by its count rather than a clock. */
    @Test
    void everyWrongSignInRunsOneFullPasswordCheckWhetherOrNotTheUsernameExists() {
        ApiClient admin = adminWithToken();
        String existing = TestUsers.create().username();
        double before = value(admin, "snippets_password_checks_total").orElseThrow();

        assertEquals(401, wrongSignIn(existing).status());
        double afterExisting = value(admin, "snippets_password_checks_total").orElseThrow();
        assertEquals(401, wrongSignIn(TestUsers.uniqueName("nobody")).status());
        double afterUnknown = value(admin, "snippets_password_checks_total").orElseThrow();

        assertEquals(before + 1, afterExisting, "a wrong password: one check");
        assertEquals(afterExisting + 1, afterUnknown, "an unknown username: the decoy's check, a full one too");
    }

    private static Reply wrongSignIn(String username) {
        return new ApiClient()
                .post(
                        "/api/v1/auth/login",
                        Json.createObjectBuilder()
                                .add("username", username)
                                .add("password", "not-the-password")
                                .build());
    }

    @Test
    void onlyAnAdministratorReadsTheMetricsAndTheServersOwnAreNotServed() {
        assertEquals(401, new ApiClient().get("/api/v1/metrics").status());
        assertEquals(
                403,
                TestUsers.withToken(TestUsers.create()).get("/api/v1/metrics").status());
        Reply serversOwn = new ApiClient().get("/metrics");
        assertNotEquals(200, serversOwn.status(), "the server's unauthenticated metrics: " + serversOwn);
    }

    private static ApiClient adminWithToken() {
        return new ApiClient().withBearer(TestUsers.newToken(TestUsers.admin(), "metrics"));
    }

    private static Optional<Double> value(ApiClient admin, String name, String... labels) {
        return PrometheusText.value(admin.get("/api/v1/metrics").text(), name, labels);
    }
}
