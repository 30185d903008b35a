package io.snippetstore.auth.control;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWT;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.GeneralException;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The OpenID Connect provider as the Nimbus SDK reaches it: its metadata from the issuer's
 * discovery document (read at the first sign-in and again every hour, or after a failure), the
 * authorization request (code flow, PKCE S256, state, nonce), the token request, and the ID
 * token's checks: signature against the provider's JWKS (cached, refetched for an unknown key),
 * issuer, audience, expiry and nonce. Nothing here checks a token by hand.
 */
@ApplicationScoped
public class OidcProvider {

    private static final Logger LOG = Logger.getLogger(OidcProvider.class.getName());
    private static final Duration METADATA_KEPT = Duration.ofHours(1);
    private static final int TIMEOUT_MILLIS = 5_000;
    private static final int JWKS_SIZE_LIMIT = 512 * 1024;

    /** Why a sign-in through the provider was refused: said on the page and recorded in the audit trail. */
    public static class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        public Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    private record Connection(OIDCProviderMetadata metadata, IDTokenValidator validator, Instant readAt) {}

    @Inject
    OidcSettings settings;

    private volatile Connection connection;

    /** Where to send the browser to sign in. */
    public URI authorizationRequest(URI redirectUri, State state, Nonce nonce, CodeVerifier verifier) throws Refused {
        OIDCProviderMetadata metadata = connection().metadata();
        return new AuthenticationRequest.Builder(
                        ResponseType.CODE,
                        new Scope(settings.scopes().toArray(String[]::new)),
                        new ClientID(settings.clientId()),
                        redirectUri)
                .endpointURI(metadata.getAuthorizationEndpointURI())
                .state(state)
                .nonce(nonce)
                .codeChallenge(verifier, CodeChallengeMethod.S256)
                .build()
                .toURI();
    }

    /** Trades the code for the tokens and checks the ID token: its claims, or why not. */
    public IDTokenClaimsSet signedIn(String code, URI redirectUri, CodeVerifier verifier, Nonce nonce) throws Refused {
        Connection current = connection();
        JWT idToken = idToken(current.metadata(), code, redirectUri, verifier);
        try {
            return current.validator().validate(idToken, nonce);
        } catch (BadJOSEException e) {
            throw new Refused("the identity provider's ID token did not pass its checks (" + e.getMessage() + ")");
        } catch (JOSEException e) {
            throw new Refused("the identity provider's ID token could not be checked (" + e.getMessage() + ")");
        }
    }

    private JWT idToken(OIDCProviderMetadata metadata, String code, URI redirectUri, CodeVerifier verifier)
            throws Refused {
        TokenRequest request = new TokenRequest(
                metadata.getTokenEndpointURI(),
                clientAuthentication(metadata),
                new AuthorizationCodeGrant(new AuthorizationCode(code), redirectUri, verifier));
        HTTPRequest http = request.toHTTPRequest();
        http.setConnectTimeout(TIMEOUT_MILLIS);
        http.setReadTimeout(TIMEOUT_MILLIS);
        TokenResponse response;
        try {
            response = OIDCTokenResponseParser.parse(http.send());
        } catch (IOException e) {
            throw new Refused("the identity provider's token endpoint could not be reached ("
                    + e.getClass().getSimpleName() + ")");
        } catch (ParseException e) {
            throw new Refused("the identity provider's token endpoint gave an answer that is not a token response");
        }
        if (!response.indicatesSuccess()) {
            TokenErrorResponse error = response.toErrorResponse();
            throw new Refused("the identity provider refused the code ("
                    + error.getErrorObject().getCode() + ")");
        }
        JWT idToken = ((OIDCTokenResponse) response.toSuccessResponse())
                .getOIDCTokens()
                .getIDToken();
        if (idToken == null) {
            throw new Refused("the identity provider sent no ID token");
        }
        return idToken;
    }

    private ClientAuthentication clientAuthentication(OIDCProviderMetadata metadata) {
        ClientID client = new ClientID(settings.clientId());
        Secret secret = new Secret(settings.clientSecret());
        var methods = metadata.getTokenEndpointAuthMethods();
        boolean postOnly = methods != null
                && !methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)
                && methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_POST);
        return postOnly ? new ClientSecretPost(client, secret) : new ClientSecretBasic(client, secret);
    }

    /** The provider's metadata and an ID token validator for it, read again once an hour. */
    private Connection connection() throws Refused {
        Connection current = connection;
        if (current != null && current.readAt().plus(METADATA_KEPT).isAfter(Instant.now())) {
            return current;
        }
        synchronized (this) {
            if (connection == current) {
                connection = discover(current);
            }
            return connection;
        }
    }

    private Connection discover(Connection previous) throws Refused {
        try {
            OIDCProviderMetadata metadata =
                    OIDCProviderMetadata.resolve(new Issuer(settings.issuer()), TIMEOUT_MILLIS, TIMEOUT_MILLIS);
            IDTokenValidator validator = new IDTokenValidator(
                    metadata.getIssuer(),
                    new ClientID(settings.clientId()),
                    JWSAlgorithm.RS256,
                    metadata.getJWKSetURI().toURL(),
                    new DefaultResourceRetriever(TIMEOUT_MILLIS, TIMEOUT_MILLIS, JWKS_SIZE_LIMIT));
            validator.setMaxClockSkew(60);
            return new Connection(metadata, validator, Instant.now());
        } catch (IOException | GeneralException e) {
            if (previous != null) {
                LOG.log(
                        Level.WARNING,
                        "The identity provider's discovery document could not be read again; using the one read before",
                        e);
                return new Connection(
                        previous.metadata(),
                        previous.validator(),
                        Instant.now().minus(METADATA_KEPT).plusSeconds(60));
            }
            LOG.log(
                    Level.WARNING,
                    "The identity provider's discovery document could not be read from " + settings.issuer(),
                    e);
            throw new Refused("the identity provider could not be reached");
        }
    }
}
