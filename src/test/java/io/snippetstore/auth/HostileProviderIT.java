package io.snippetstore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.HostileProvider;
import io.snippetstore.testing.OwnPayaraMicro;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
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

        assertEquals(403, refused.status(), why + ": " + refused);
        assertTrue(refused.header("Content-Type").startsWith("text/html"), refused::toString);
        assertTrue(
                refused.text().contains("Sign-in refused") && refused.text().contains("ID token"),
                why + ": " + refused.text());
        assertEquals(401, browser.get("/api/v1/auth/whoami").status(), why + ": nobody is signed in");
        assertEquals(before + 1, refusals(), why + ": audited");
        JsonObject record = admin.get("/api/v1/audit?action=login.provider&limit=1")
                .json()
                .getJsonArray("data")
                .getJsonObject(0);
        assertEquals("failure", record.getString("outcome"));
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
}
