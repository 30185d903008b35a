package io.snippetstore.auth.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.function.Consumer;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ID token's checks against a hostile provider: a real HTTP provider on loopback whose token
 * endpoint hands out whatever token a test made (Keycloak itself never signs a bad one). Each
 * forged, expired, misaddressed or replayed token is refused; only the genuine one passes.
 */
class OidcProviderTest {

    private static final String CLIENT = "snippet-store";
    private static final URI REDIRECT = URI.create("http://127.0.0.1:1/api/v1/auth/oidc/callback");

    private final RSAKey key = generate("provider-key");
    private HttpServer server;
    private String issuer;
    private volatile String idToken;
    private OidcProvider provider;

    private static RSAKey generate(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeEach
    void hostileProviderListens() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        issuer = "http://127.0.0.1:" + server.getAddress().getPort() + "/realms/test";
        server.createContext("/realms/test/.well-known/openid-configuration", exchange -> answer(exchange, """
                {"issuer": "%1$s", "authorization_endpoint": "%1$s/auth", "token_endpoint": "%1$s/token", "jwks_uri": "%1$s/jwks",
                 "response_types_supported": ["code"], "subject_types_supported": ["public"],
                 "id_token_signing_alg_values_supported": ["RS256"], "token_endpoint_auth_methods_supported": ["client_secret_basic"]}
                """.formatted(issuer)));
        server.createContext("/realms/test/jwks", exchange -> answer(exchange, new JWKSet(key.toPublicJWK()).toString()));
        server.createContext("/realms/test/token", exchange -> answer(exchange,
                "{\"access_token\": \"at\", \"token_type\": \"Bearer\", \"expires_in\": 60, \"id_token\": \"" + idToken + "\"}"));
        server.start();
        OidcSettings settings = new OidcSettings();
        settings.issuer = Optional.of(issuer);
        settings.clientId = Optional.of(CLIENT);
        settings.clientSecret = Optional.of("a-client-secret-long-enough-for-hmac-256-bits");
        settings.clientSecretFile = Optional.empty();
        settings.scopes = "openid";
        settings.check();
        provider = new OidcProvider();
        provider.settings = settings;
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static void answer(HttpExchange exchange, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private JWTClaimsSet.Builder genuine(String nonce) {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(issuer).subject("subject-1").audience(CLIENT).claim("nonce", nonce)
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300))).claim("preferred_username", "alice");
    }

    private String signed(RSAKey with, JWTClaimsSet claims) throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(with.getKeyID()).build(), claims);
        jwt.sign(new RSASSASigner(with));
        return jwt.serialize();
    }

    private void signInWith(String token, String nonce) throws OidcProvider.Refused {
        idToken = token;
        provider.signedIn("a-code", REDIRECT, new CodeVerifier(), new Nonce(nonce));
    }

    private void refused(String token, String nonce, String why) {
        OidcProvider.Refused refused = assertThrows(OidcProvider.Refused.class, () -> signInWith(token, nonce), why);
        assertTrue(refused.getMessage().contains("ID token"), refused.getMessage());
    }

    private void refusedWhen(Consumer<JWTClaimsSet.Builder> change, String why) throws JOSEException {
        JWTClaimsSet.Builder claims = genuine("n-1");
        change.accept(claims);
        refused(signed(key, claims.build()), "n-1", why);
    }

    @Test
    void theGenuineTokenPassesWithItsClaims() throws Exception {
        idToken = signed(key, genuine("n-1").build());
        assertEquals("alice", provider.signedIn("a-code", REDIRECT, new CodeVerifier(), new Nonce("n-1")).getStringClaim("preferred_username"));
    }

    @Test
    void aTokenSignedWithAnotherKeyUnderTheProvidersKeyIdIsRefused() throws JOSEException {
        refused(signed(generate("provider-key"), genuine("n-1").build()), "n-1", "forged signature");
    }

    @Test
    void anUnsignedOrSecretSignedTokenIsRefused() throws JOSEException {
        refused(new PlainJWT(genuine("n-1").build()).serialize(), "n-1", "alg none");
        SignedJWT hmac = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), genuine("n-1").build());
        hmac.sign(new MACSigner("a-client-secret-long-enough-for-hmac-256-bits"));
        refused(hmac.serialize(), "n-1", "HS256 with the client secret");
    }

    @Test
    void anExpiredTokenIsRefused() throws JOSEException {
        refusedWhen(claims -> claims.expirationTime(Date.from(Instant.now().minusSeconds(3600)))
                .issueTime(Date.from(Instant.now().minusSeconds(7200))), "expired an hour ago");
    }

    @Test
    void aTokenOfAnotherIssuerOrForAnotherClientIsRefused() throws JOSEException {
        refusedWhen(claims -> claims.issuer("http://127.0.0.1:9/realms/other"), "another issuer");
        refusedWhen(claims -> claims.audience("another-client"), "another audience");
    }

    @Test
    void aTokenWithAnotherNonceIsRefused() throws JOSEException {
        refused(signed(key, genuine("n-1").build()), "n-2", "the nonce of another sign-in");
        refusedWhen(claims -> claims.claim("nonce", null), "no nonce");
    }
}
