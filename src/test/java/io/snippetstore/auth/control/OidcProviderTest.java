package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.function.Consumer;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.Nonce;
import io.snippetstore.testing.HostileProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ID token's checks against a hostile provider (testing/HostileProvider, a real HTTP provider
 * on loopback whose token endpoint hands out whatever token a test made). Each forged, expired,
 * misaddressed or replayed token is refused; only the genuine one passes.
 */
class OidcProviderTest {

    private static final URI REDIRECT = URI.create("http://127.0.0.1:1/api/v1/auth/oidc/callback");

    private HostileProvider hostile;
    private OidcProvider provider;

    @BeforeEach
    void hostileProviderListens() throws IOException {
        hostile = new HostileProvider();
        OidcSettings settings = new OidcSettings();
        settings.issuer = Optional.of(hostile.issuer());
        settings.clientId = Optional.of(HostileProvider.CLIENT_ID);
        settings.clientSecret = Optional.of(HostileProvider.CLIENT_SECRET);
        settings.clientSecretFile = Optional.empty();
        settings.scopes = "openid";
        settings.check();
        provider = new OidcProvider();
        provider.settings = settings;
    }

    @AfterEach
    void stop() {
        hostile.close();
    }

    private void signInWith(String token, String nonce) throws OidcProvider.Refused {
        hostile.handOut(token);
        provider.signedIn("a-code", REDIRECT, new CodeVerifier(), new Nonce(nonce));
    }

    private void refused(String token, String nonce, String why) {
        OidcProvider.Refused refused = assertThrows(OidcProvider.Refused.class, () -> signInWith(token, nonce), why);
        assertTrue(refused.getMessage().contains("ID token"), refused.getMessage());
    }

    private void refusedWhen(Consumer<JWTClaimsSet.Builder> change, String why) {
        JWTClaimsSet.Builder claims = hostile.genuine("n-1", "alice");
        change.accept(claims);
        refused(HostileProvider.signed(hostile.key(), claims.build()), "n-1", why);
    }

    @Test
    void theGenuineTokenPassesWithItsClaims() throws Exception {
        hostile.handOut(HostileProvider.signed(
                hostile.key(), hostile.genuine("n-1", "alice").build()));
        assertEquals(
                "alice",
                provider.signedIn("a-code", REDIRECT, new CodeVerifier(), new Nonce("n-1"))
                        .getStringClaim("preferred_username"));
    }

    @Test
    void aTokenSignedWithAnotherKeyUnderTheProvidersKeyIdIsRefused() {
        refused(
                HostileProvider.signed(
                        HostileProvider.generate("provider-key"),
                        hostile.genuine("n-1", "alice").build()),
                "n-1",
                "forged signature");
    }

    @Test
    void anUnsignedOrSecretSignedTokenIsRefused() throws JOSEException {
        refused(new PlainJWT(hostile.genuine("n-1", "alice").build()).serialize(), "n-1", "alg none");
        SignedJWT hmac = new SignedJWT(
                new JWSHeader(JWSAlgorithm.HS256),
                hostile.genuine("n-1", "alice").build());
        hmac.sign(new MACSigner(HostileProvider.CLIENT_SECRET));
        refused(hmac.serialize(), "n-1", "HS256 with the client secret");
    }

    @Test
    void anExpiredTokenIsRefused() {
        refusedWhen(
                claims -> claims.expirationTime(Date.from(Instant.now().minusSeconds(3600)))
                        .issueTime(Date.from(Instant.now().minusSeconds(7200))),
                "expired an hour ago");
    }

    @Test
    void aTokenOfAnotherIssuerOrForAnotherClientIsRefused() {
        refusedWhen(claims -> claims.issuer("http://127.0.0.1:9/realms/other"), "another issuer");
        refusedWhen(claims -> claims.audience("another-client"), "another audience");
    }

    @Test
    void aTokenWithAnotherNonceIsRefused() {
        refused(
                HostileProvider.signed(
                        hostile.key(), hostile.genuine("n-1", "alice").build()),
                "n-2",
                "the nonce of another sign-in");
        refusedWhen(claims -> claims.claim("nonce", null), "no nonce");
    }
}
