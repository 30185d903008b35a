package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.HostileProvider;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.PrometheusText;
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
 * The callback's refusals over HTTP, with a Payara Micro of the test's own (Payara execution only)
 * whose identity provider is a hostile one (testing/HostileProvider): each bad ID token ends on a
 * page saying why, with an audit record, and signs nobody in; the genuine one signs in.
 */
@Tag(TestTags.OWN_SERVER)
class HostileProviderIT {

    private static final Pattern STATE = Pattern.compile("[?&]state=([^&]+)");
    private static final Pattern NONCE = Pattern.compile("[?&]nonce=([^&]+)");

    @TempDir
    static Path data;

    private static HostileProvider provider;
    private static OwnPayaraMicro server;
    private static ApiClient admin;

    @BeforeAll
    static void start() throws Exception {
        provider = new HostileProvider();
        server = OwnPayaraMicro.start(
                "hostile-provider",
                Map.of(
                        "SNIPPETS_DATA_DIR",
                        data.toString(),
                        "SNIPPETS_OIDC_ISSUER",
                        provider.issuer(),
                        "SNIPPETS_OIDC_CLIENT_ID",
                        HostileProvider.CLIENT_ID,
                        "SNIPPETS_OIDC_CLIENT_SECRET",
                        HostileProvider.CLIENT_SECRET));
        admin = server.signIn(TestUsers.ADMIN, TestUsers.ADMIN_PASSWORD);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
        provider.close();
    }

    private static String first(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        assertTrue(matcher.find(), text);
        return URLDecoder.decode(matcher.group(1), StandardCharsets.UTF_8);
    }

    /** Starts a sign-in in a fresh browser, lets the provider hand out the token made for its nonce, and comes back. */
    private static Reply signIn(ApiClient browser, Function<String, String> tokenForNonce) {
        Reply started = browser.get("/api/v1/auth/oidc/login?next=/");
        assertEquals(303, started.status(), started::toString);
        String location = started.header("Location");
        assertTrue(location.startsWith(provider.issuer() + "/auth?"), location);
        provider.handOut(tokenForNonce.apply(first(NONCE, location)));
        return browser.get("/api/v1/auth/oidc/callback?state=" + first(STATE, location) + "&code=a-code");
    }

    private static long refusals() {
        return admin.get("/api/v1/audit?action=login.provider&limit=200")
                .json()
                .getJsonArray("data")
                .size();
    }

    private static void refusedOnAPageAndAudited(Function<String, String> tokenForNonce, String why) {
        long before = refusals();
        ApiClient browser = new ApiClient(server.base());

        Reply refused = signIn(browser, tokenForNonce);

        assertRefused(browser, refused, before, "ID token", why);
    }

    /** A 403 page saying {@code because}, nobody signed in in {@code browser}, one more audited refusal. */
    private static void assertRefused(
            ApiClient browser, Reply refused, long refusalsBefore, String because, String why) {
        assertEquals(403, refused.status(), why + ": " + refused);
        assertTrue(refused.header("Content-Type").startsWith("text/html"), refused::toString);
        assertTrue(
                refused.text().contains("Sign-in refused") && refused.text().contains(because),
                why + ": " + refused.text());
        assertEquals(401, browser.get("/api/v1/auth/whoami").status(), why + ": nobody is signed in");
        assertEquals(refusalsBefore + 1, refusals(), why + ": audited");
        JsonObject record = admin.get("/api/v1/audit?action=login.provider&limit=1")
                .json()
                .getJsonArray("data")
                .getJsonObject(0);
        assertEquals("failure", record.getString("outcome"));
    }

    /** A genuine token for {@code username} whose groups claim names {@code groups}. */
    private static Function<String, String> member(String username, String... groups) {
        return nonce -> HostileProvider.signed(
                provider.key(),
                provider.genuine(nonce, username)
                        .claim("groups", List.of(groups))
                        .build());
    }

    /** Signs {@code username} in a fresh browser with the provider's {@code groups}: the signed-in browser. */
    private static ApiClient signedIn(String username, String... groups) {
        ApiClient browser = new ApiClient(server.base());
        Reply back = signIn(browser, member(username, groups));
        assertEquals(303, back.status(), back::toString);
        return browser;
    }

    private static String role(ApiClient browser) {
        return browser.get("/api/v1/auth/whoami").data().getString("role");
    }

    private static JsonObject user(String username) {
        return admin.get("/api/v1/users").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(user -> user.getString("username").equals(username))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no user " + username));
    }

    private static JsonObject disabled(boolean disabled) {
        return Json.createObjectBuilder().add("disabled", disabled).build();
    }

    @Test
    void theGenuineTokenSignsIn() {
        ApiClient browser = new ApiClient(server.base());
        Reply back = signIn(
                browser,
                nonce -> HostileProvider.signed(
                        provider.key(), provider.genuine(nonce, "genuine-user").build()));
        assertEquals(303, back.status(), back::toString);
        assertEquals("genuine-user", browser.get("/api/v1/auth/whoami").data().getString("username"));
    }

    @Test
    void aForgedTokenIsRefused() {
        refusedOnAPageAndAudited(
                nonce -> HostileProvider.signed(
                        HostileProvider.generate("provider-key"),
                        provider.genuine(nonce, "forged").build()),
                "signed with another key under the provider's key id");
    }

    @Test
    void anExpiredTokenIsRefused() {
        refusedOnAPageAndAudited(
                nonce -> HostileProvider.signed(
                        provider.key(),
                        provider.genuine(nonce, "late")
                                .issueTime(Date.from(Instant.now().minusSeconds(7200)))
                                .expirationTime(Date.from(Instant.now().minusSeconds(3600)))
                                .build()),
                "expired an hour ago");
    }

    @Test
    void aTokenWithTheNonceOfAnotherSignInIsRefused() {
        refusedOnAPageAndAudited(
                nonce -> HostileProvider.signed(
                        provider.key(),
                        provider.genuine("another-" + nonce, "replayed").build()),
                "another sign-in's nonce");
    }

    @Test
    void aTokenFromAnotherIssuerIsRefused() {
        refusedOnAPageAndAudited(
                nonce -> HostileProvider.signed(
                        provider.key(),
                        provider.genuine(nonce, "elsewhere")
                                .issuer("http://127.0.0.1:9/realms/other")
                                .build()),
                "another issuer");
    }

    @Test
    void aTokenForAnotherClientIsRefused() {
        refusedOnAPageAndAudited(
                nonce -> HostileProvider.signed(
                        provider.key(),
                        provider.genuine(nonce, "misaddressed")
                                .audience("another-client")
                                .build()),
                "another audience");
    }

    @Test
    void theProvidersAdministratorsGroupDecidesTheRoleAtEverySignInDemotionIncluded() {
        assertEquals("admin", role(signedIn("promoted", "snippet-admins")), "a member of SNIPPETS_OIDC_ADMIN_GROUP");

        assertEquals("user", role(signedIn("promoted", "developers")), "taken out of the group at the provider");
        assertEquals("user", user("promoted").getString("role"));
    }

    @Test
    void theLastEnabledAdministratorStaysOneWhenTheProviderTakesThemOutOfItsGroup() {
        ApiClient providersAdministrator = signedIn("sole-admin", "snippet-admins");
        String localAdministrator = user(TestUsers.ADMIN).getString("id");
        Reply disabledLocal = providersAdministrator.patch("/api/v1/users/" + localAdministrator, disabled(true));
        assertEquals(200, disabledLocal.status(), disabledLocal::toString);
        try {
            ApiClient back = signedIn("sole-admin");

            assertEquals("admin", role(back), "the only enabled administrator keeps the role");
        } finally {
            // signed in again as the provider's administrator, so that a failure above leaves the class's administrator
            // enabled
            Reply enabled = signedIn("sole-admin", "snippet-admins")
                    .patch("/api/v1/users/" + localAdministrator, disabled(false));
            assertEquals(200, enabled.status(), enabled::toString);
        }
        assertEquals("user", role(signedIn("sole-admin")), "no longer the last one, the provider's word counts again");
    }

    @Test
    void theProvidersErrorAnswerIsRefusedOnAPageAndAudited() {
        long before = refusals();
        ApiClient browser = new ApiClient(server.base());
        String location = browser.get("/api/v1/auth/oidc/login?next=/").header("Location");

        Reply refused =
                browser.get("/api/v1/auth/oidc/callback?state=" + first(STATE, location) + "&error=access_denied");

        assertRefused(browser, refused, before, "did not sign you in (access_denied)", "the provider's error");
    }

    @Test
    void anAnswerNamingAnotherIssuerIsRefusedOnAPageAndAudited() {
        long before = refusals();
        ApiClient browser = new ApiClient(server.base());
        String location = browser.get("/api/v1/auth/oidc/login?next=/").header("Location");
        provider.handOut(member("mixed-up").apply(first(NONCE, location)));

        Reply refused = browser.get("/api/v1/auth/oidc/callback?state=" + first(STATE, location)
                + "&code=a-code&iss=http%3A%2F%2F127.0.0.1%3A9%2Frealms%2Fother");

        assertRefused(browser, refused, before, "another issuer", "an iss parameter of another issuer (RFC 9207)");
    }

    @Test
    void aUsernameThisServiceCannotTakeIsRefusedOnAPageAndAudited() {
        long before = refusals();
        ApiClient browser = new ApiClient(server.base());

        Reply refused = signIn(browser, member("two words"));

        assertRefused(browser, refused, before, "is not one this service takes", "a space in the username");
    }

    @Test
    void aDisabledAccountIsRefusedOnAPageAndAuditedUntilEnabledAgain() {
        signedIn("soon-disabled");
        String id = user("soon-disabled").getString("id");
        assertEquals(200, admin.patch("/api/v1/users/" + id, disabled(true)).status());
        long before = refusals();
        ApiClient browser = new ApiClient(server.base());

        Reply refused = signIn(browser, member("soon-disabled"));

        assertRefused(browser, refused, before, "the account is disabled", "a disabled account");
        assertEquals(200, admin.patch("/api/v1/users/" + id, disabled(false)).status());
        assertEquals("user", role(signedIn("soon-disabled")), "enabled again, the same account signs in");
    }

    @Test
    void aBrowserKeepsItsFiveNewestStartedSignInsAndForgetsTheOldest() {
        ApiClient browser = new ApiClient(server.base());
        List<String> started = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Reply start = browser.get("/api/v1/auth/oidc/login?next=/");
            assertEquals(303, start.status(), start::toString);
            started.add(start.header("Location"));
        }
        long before = refusals();
        provider.handOut(member("many-tabs").apply(first(NONCE, started.get(0))));

        Reply oldest = browser.get("/api/v1/auth/oidc/callback?state=" + first(STATE, started.get(0)) + "&code=a-code");

        assertRefused(browser, oldest, before, "not one of a sign-in started in this browser", "the sixth start");
        for (String location : started.subList(1, 6)) {
            provider.handOut(member("many-tabs").apply(first(NONCE, location)));
            Reply back = browser.get("/api/v1/auth/oidc/callback?state=" + first(STATE, location) + "&code=a-code");
            assertEquals(303, back.status(), "each of the five newest signs in: " + back);
        }
    }

    @Test
    void aProviderGroupsMembersAreTheProvidersToChange() {
        signedIn("in-provider-team", "provider-team");
        JsonObject group =
                admin.get("/api/v1/groups").json().getJsonArray("data").getValuesAs(JsonObject.class).stream()
                        .filter(candidate -> candidate.getString("name").equals("provider-team"))
                        .findFirst()
                        .orElseThrow();
        assertEquals("provider", group.getString("source"));
        String member = user("in-provider-team").getString("id");
        String other = user(TestUsers.ADMIN).getString("id");

        Reply added = admin.send(
                "PUT", "/api/v1/groups/" + group.getString("id") + "/members/" + other, null, null, Map.of());
        Reply removed = admin.delete("/api/v1/groups/" + group.getString("id") + "/members/" + member);

        assertEquals(409, added.status(), added::toString);
        assertEquals("conflict", added.errorCode());
        assertEquals(409, removed.status(), removed::toString);
        assertEquals(
                List.of("in-provider-team"),
                admin
                        .get("/api/v1/groups/" + group.getString("id"))
                        .data()
                        .getJsonArray("members")
                        .getValuesAs(JsonObject.class)
                        .stream()
                        .map(m -> m.getString("username"))
                        .toList(),
                "the members are as the provider said");
    }

    @Test
    void aPasswordSignInToAProvidersAccountIsAWrongPasswordAfterAFullCheck() {
        signedIn("no-password-here");
        double before = PrometheusText.value(admin.get("/api/v1/metrics").text(), "snippets_password_checks_total")
                .orElseThrow();

        Reply refused = new ApiClient(server.base())
                .post(
                        "/api/v1/auth/login",
                        Json.createObjectBuilder()
                                .add("username", "no-password-here")
                                .add("password", "any-password")
                                .build());

        assertEquals(401, refused.status(), refused::toString);
        assertEquals("invalid_credentials", refused.errorCode(), "told apart from a local account by nothing");
        assertEquals(
                before + 1,
                PrometheusText.value(admin.get("/api/v1/metrics").text(), "snippets_password_checks_total")
                        .orElseThrow(),
                "the decoy's check ran, so its time tells nothing either");
    }
}
