package io.snippetstore.auth.boundary;

import java.net.URI;
import java.util.Optional;

import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import io.snippetstore.auth.control.Logins;
import io.snippetstore.auth.control.OidcProvider;
import io.snippetstore.auth.control.OidcSettings;
import io.snippetstore.auth.control.PendingSignIns;
import io.snippetstore.auth.control.ProviderLogins;
import io.snippetstore.auth.control.UserData;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiResponse;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * Sign-in through an OpenID Connect provider: {@code login} sends the browser to the provider
 * with a fresh state, nonce and PKCE verifier, kept by the browser, sealed ({@link PendingSignIns}),
 * until the provider sends it back to {@code callback}, which takes each once, trades the code for
 * the ID token, checks it and signs the user in exactly as a password sign-in does. Whatever goes
 * wrong is a page saying why (and an audit record), never a half sign-in.
 */
@Path("v1/auth/oidc")
public class OidcResource {

    /** The browser keeps its started sign-ins ({@link PendingSignIns}) in this cookie, sent back to these paths only. */
    static final String PENDING_COOKIE = "snippets_oidc_pending";
    /** Longer than a path of this service needs to be: such a {@code next} is the start page. */
    private static final int MAX_NEXT_LENGTH = 1024;

    /** Whether a provider is configured, its name for the button, and whether password sign-in is on. */
    @JsonbPropertyOrder({"enabled", "name", "loginUrl", "localLogin"})
    public record ProviderView(boolean enabled, String name, String loginUrl, boolean localLogin) {}

    @Inject
    OidcSettings settings;

    @Inject
    OidcProvider provider;

    @Inject
    ProviderLogins logins;

    @Inject
    Logins passwordLogins;

    @Context
    HttpServletRequest http;

    @Context
    HttpServletResponse httpResponse;

    @Inject
    Sessions sessions;

    @Inject
    PendingSignIns pendingSignIns;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public ApiResponse<ProviderView> provider() {
        return ApiResponse.of(
                settings.enabled()
                        ? new ProviderView(
                                true,
                                settings.displayName(),
                                "/api/v1/auth/oidc/login",
                                passwordLogins.localLoginEnabled())
                        : new ProviderView(false, null, null, passwordLogins.localLoginEnabled()));
    }

    /** To the provider's sign-in; back at {@code next} (a path of this service) once signed in. */
    @GET
    @Path("login")
    @Produces(MediaType.TEXT_HTML)
    public Response login(
            @QueryParam("next") String next, @CookieParam(PENDING_COOKIE) String pending, @Context UriInfo uri) {
        if (!settings.enabled()) {
            throw ApiException.notFound("No identity provider is configured.");
        }
        State state = new State();
        Nonce nonce = new Nonce();
        CodeVerifier verifier = new CodeVerifier();
        URI to;
        try {
            to = provider.authorizationRequest(callbackUri(uri), state, nonce, verifier);
        } catch (OidcProvider.Refused e) {
            return SignInRefusedPage.of(
                    Response.Status.BAD_GATEWAY, logins.refused(e.getMessage()).getMessage());
        }
        String sealed = pendingSignIns.add(
                Optional.ofNullable(pending), state.getValue(), nonce.getValue(), verifier.getValue(), safeNext(next));
        keepPending(sealed);
        return Response.seeOther(to).cacheControl(noStore()).build();
    }

    /** Where the provider sends the browser back: with a code and the state, or with an error. */
    @GET
    @Path("callback")
    @Produces(MediaType.TEXT_HTML)
    public Response callback(
            @QueryParam("state") String state,
            @QueryParam("code") String code,
            @QueryParam("error") String error,
            @QueryParam("iss") String issuer,
            @CookieParam(PENDING_COOKIE) String pending,
            @Context UriInfo uri) {
        PendingSignIns.Taken taken = pendingSignIns.take(Optional.ofNullable(pending), state == null ? "" : state);
        keepPending(taken.sealedOthers());
        try {
            PendingSignIns.Pending started = taken.started()
                    .orElseThrow(
                            () -> logins.refused(
                                    "the answer's state is not one of a sign-in started in this browser (unknown, used or expired)"));
            if (error != null) {
                throw logins.refused("the identity provider did not sign you in (" + errorCode(error) + ")");
            }
            if (issuer != null && !issuer.equals(settings.issuer())) {
                throw logins.refused("the answer came from another issuer than " + settings.issuer());
            }
            if (code == null || code.isBlank()) {
                throw logins.refused("the identity provider's answer has no code");
            }
            IDTokenClaimsSet claims;
            try {
                claims = provider.signedIn(
                        code, callbackUri(uri), new CodeVerifier(started.verifier()), new Nonce(started.nonce()));
            } catch (OidcProvider.Refused e) {
                throw logins.refused(e.getMessage()); // recorded in the audit trail like every other refusal
            }
            UserData user = logins.signIn(logins.identityOf(claims));
            sessions.signIn(http, user);
            return Response.seeOther(uri.getBaseUri().resolve(started.next()))
                    .cacheControl(noStore())
                    .build();
        } catch (OidcProvider.Refused e) {
            return SignInRefusedPage.of(Response.Status.FORBIDDEN, e.getMessage());
        }
    }

    /**
     * The browser keeps its started sign-ins: sent back only to these paths, never to scripts, for
     * ten minutes; {@code Lax}, since the provider sends the browser back with a navigation from
     * its own site. An empty value removes the cookie. Added to the servlet response, beside the
     * session cookie the container adds when the callback signs the user in (a JAX-RS cookie
     * would take the place of that one on Payara).
     */
    private void keepPending(String sealed) {
        Cookie cookie = new Cookie(PENDING_COOKIE, sealed);
        cookie.setPath(http.getContextPath() + "/api/v1/auth/oidc");
        cookie.setHttpOnly(true);
        cookie.setSecure(http.isSecure());
        cookie.setAttribute("SameSite", "Lax");
        cookie.setMaxAge(sealed.isEmpty() ? 0 : (int) PendingSignIns.PENDING_FOR.toSeconds());
        httpResponse.addCookie(cookie);
    }

    /** The provider's error code as recorded: an OAuth error code is a short token; anything else is cut to one. */
    static String errorCode(String error) {
        String code = error.replaceAll("[^A-Za-z0-9_.-]", "");
        return code.length() <= 64 ? code : code.substring(0, 64);
    }

    private static URI callbackUri(UriInfo uri) {
        return uri.getBaseUriBuilder().path("v1/auth/oidc/callback").build();
    }

    /** A path of this service to go on to: anything else (another site, a scheme) is the start page. */
    static String safeNext(String next) {
        if (next == null
                || next.length() > MAX_NEXT_LENGTH
                || !next.startsWith("/")
                || next.startsWith("//")
                || next.contains("\\")
                || next.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            return "/";
        }
        return next;
    }

    private static CacheControl noStore() {
        CacheControl cache = new CacheControl();
        cache.setNoStore(true);
        return cache;
    }
}
