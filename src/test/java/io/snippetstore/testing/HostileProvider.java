package io.snippetstore.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * An OpenID Connect provider on loopback whose token endpoint hands out whatever ID token a test
 * made: forged, expired, for another sign-in or from another issuer (a real provider never signs a
 * bad one). Its discovery document and JWKS are genuine, with one RSA key.
 */
public final class HostileProvider implements AutoCloseable {

    public static final String CLIENT_ID = "snippet-store";
    public static final String CLIENT_SECRET = "a-client-secret-long-enough-for-hmac-256-bits";

    private final RSAKey key = generate("provider-key");
    private final HttpServer server;
    private final String issuer;
    private volatile String idToken = "";

    public HostileProvider() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        issuer = "http://127.0.0.1:" + server.getAddress().getPort() + "/realms/test";
        server.createContext(
                "/realms/test/.well-known/openid-configuration", exchange -> answer(exchange, """
                {"issuer": "%1$s", "authorization_endpoint": "%1$s/auth", "token_endpoint": "%1$s/token", "jwks_uri": "%1$s/jwks",
                 "response_types_supported": ["code"], "subject_types_supported": ["public"],
                 "id_token_signing_alg_values_supported": ["RS256"], "token_endpoint_auth_methods_supported": ["client_secret_basic"]}
                """.formatted(issuer)));
        server.createContext(
                "/realms/test/jwks", exchange -> answer(exchange, new JWKSet(key.toPublicJWK()).toString()));
        server.createContext(
                "/realms/test/token",
                exchange -> answer(
                        exchange,
                        "{\"access_token\": \"at\", \"token_type\": \"Bearer\", \"expires_in\": 60, \"id_token\": \""
                                + idToken + "\"}"));
        server.start();
    }

    public static RSAKey generate(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public String issuer() {
        return issuer;
    }

    /** The provider's own signing key. */
    public RSAKey key() {
        return key;
    }

    /** The claims of a genuine ID token for this client and sign-in ({@code nonce}), valid for five minutes. */
    public JWTClaimsSet.Builder genuine(String nonce, String username) {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder()
                .issuer(issuer)
                .subject("subject-of-" + username)
                .audience(CLIENT_ID)
                .claim("nonce", nonce)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(300)))
                .claim("preferred_username", username);
    }

    /** The claims signed with {@code with} (RS256, under that key's id). */
    public static String signed(RSAKey with, JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(
                    new JWSHeader.Builder(JWSAlgorithm.RS256)
                            .keyID(with.getKeyID())
                            .build(),
                    claims);
            jwt.sign(new RSASSASigner(with));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the token endpoint answers next, as the {@code id_token}. */
    public void handOut(String token) {
        idToken = token;
    }

    private static void answer(HttpExchange exchange, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
