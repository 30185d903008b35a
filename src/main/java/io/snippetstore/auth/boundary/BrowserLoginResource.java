package io.snippetstore.auth.boundary;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import io.snippetstore.auth.control.BrowserLogins;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Secrets;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.SessionOnly;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/**
 * Browser login for command-line clients: the client opens {@code GET browser-login} in a
 * browser, the signed-in user is redirected to the client's loopback callback with a one-time
 * code, and the client exchanges the code for an API token.
 *
 * <p>A code is minted without asking only for a navigation the user (or their program's
 * {@code open}) started: Fetch Metadata {@code Sec-Fetch-Site: none}, or no Fetch Metadata at all
 * (a plain HTTP client, the contract's flow). A same-origin navigation is easy for anyone to
 * cause (a Markdown link in a team snippet, the sign-in page's {@code next}), so it mints only
 * when it carries the marker of a user-started request that had to sign in first: a random value
 * both in {@code next} and in a cookie that only this browser holds, used once. Everything else
 * is sent to the consent page {@code /authorize}, whose approval is a session POST under the
 * same-origin rule, and a request that is not a page navigation ({@code Sec-Fetch-Dest} other than
 * {@code document}: an image, a script) never mints. Otherwise any web page could make a
 * signed-in browser hand a code to whatever listens on a loopback port (RFC 8252 §8.6).
 */
@Path("v1/auth/browser-login")
public class BrowserLoginResource {

    /** The query parameter that carries a user-started request's marker through the sign-in. */
    static final String STARTED_PARAMETER = "started";
    /** The cookie holding the same marker, readable only by this resource's path. */
    static final String STARTED_COOKIE = "snippets_browser_login";

    private static final int STARTED_COOKIE_SECONDS = 30 * 60;

    @Inject
    BrowserLogins logins;

    @Inject
    Sessions sessions;

    @Context
    HttpServletRequest http;

    @GET
    public Response start(
            @QueryParam("callback") String callback,
            @QueryParam("name") String name,
            @QueryParam("state") String state,
            @QueryParam("code_challenge") String codeChallenge,
            @QueryParam("code_challenge_method") String codeChallengeMethod,
            @QueryParam("scope") String scope,
            @QueryParam(STARTED_PARAMETER) String started,
            @CookieParam(STARTED_COOKIE) String startedInThisBrowser,
            @HeaderParam("Sec-Fetch-Site") String fetchSite,
            @HeaderParam("Sec-Fetch-Dest") String fetchDest,
            @Context UriInfo uri) {
        BrowserLoginRequest request =
                BrowserLoginRequest.of(callback, name, state, codeChallenge, codeChallengeMethod, scope);
        Navigation navigation = Navigation.of(fetchSite, fetchDest);
        if (navigation == Navigation.NOT_A_PAGE) {
            throw ApiException.forbidden(
                    "A browser login is a page the browser navigates to; it is never loaded as an image, a script or a frame.");
        }
        String query = queryWithout(STARTED_PARAMETER, uri.getRequestUri().getRawQuery());
        Optional<Caller> caller = sessions.caller(http);
        if (caller.isEmpty()) {
            return signInFirst(navigation, query, uri);
        }
        boolean startedHere = navigation == Navigation.SAME_ORIGIN
                && started != null
                && !started.isEmpty()
                && startedInThisBrowser != null
                && MessageDigest.isEqual(
                        started.getBytes(StandardCharsets.UTF_8),
                        startedInThisBrowser.getBytes(StandardCharsets.UTF_8));
        if (navigation != Navigation.BY_THE_USER && !startedHere) {
            return Response.status(Response.Status.FOUND)
                    .location(uri.getBaseUri().resolve("/authorize?" + query))
                    .build();
        }
        Response.ResponseBuilder toCallback =
                Response.status(Response.Status.FOUND).location(codeFor(caller.get(), request));
        return startedHere ? toCallback.cookie(startedCookie(uri, "", 0)).build() : toCallback.build();
    }

    /**
     * To the sign-in page, which comes back here afterwards; a request the user started takes a
     * fresh marker along, in {@code next} and in a cookie, so that its return counts as theirs.
     */
    private static Response signInFirst(Navigation navigation, String query, UriInfo uri) {
        String back = uri.getRequestUri().getRawPath() + "?" + query;
        if (navigation != Navigation.BY_THE_USER) {
            return Response.status(Response.Status.FOUND)
                    .location(signInPage(uri, back))
                    .build();
        }
        String marker = Secrets.random(16);
        return Response.status(Response.Status.FOUND)
                .location(signInPage(uri, back + "&" + STARTED_PARAMETER + "=" + marker))
                .cookie(startedCookie(uri, marker, STARTED_COOKIE_SECONDS))
                .build();
    }

    private static URI signInPage(UriInfo uri, String next) {
        return uri.getBaseUri().resolve("/login?next=" + URLEncoder.encode(next, StandardCharsets.UTF_8));
    }

    private static NewCookie startedCookie(UriInfo uri, String value, int maxAgeSeconds) {
        return new NewCookie.Builder(STARTED_COOKIE)
                .value(value)
                .path(uri.getBaseUri().getRawPath() + "v1/auth/browser-login")
                .maxAge(maxAgeSeconds)
                .httpOnly(true)
                .secure("https".equalsIgnoreCase(uri.getBaseUri().getScheme()))
                .sameSite(NewCookie.SameSite.LAX)
                .build();
    }

    /** The raw query without any {@code name=…} pair. */
    static String queryWithout(String name, String rawQuery) {
        if (rawQuery == null) {
            return "";
        }
        return Arrays.stream(rawQuery.split("&"))
                .filter(pair -> !pair.isEmpty() && !pair.equals(name) && !pair.startsWith(name + "="))
                .collect(Collectors.joining("&"));
    }

    /** Who started the request, as far as Fetch Metadata tells. */
    enum Navigation {
        /** {@code Sec-Fetch-Site: none}, or a client that sends no Fetch Metadata. */
        BY_THE_USER,
        SAME_ORIGIN,
        /** {@code same-site}, {@code cross-site}, or a value this service does not know. */
        ANOTHER_SITE,
        /** Not a page navigation at all. */
        NOT_A_PAGE;

        static Navigation of(String fetchSite, String fetchDest) {
            if (fetchDest != null && !"document".equals(fetchDest.strip().toLowerCase(Locale.ROOT))) {
                return NOT_A_PAGE;
            }
            if (fetchSite == null) {
                return BY_THE_USER;
            }
            return switch (fetchSite.strip().toLowerCase(Locale.ROOT)) {
                case "none" -> BY_THE_USER;
                case "same-origin" -> SAME_ORIGIN;
                default -> ANOTHER_SITE;
            };
        }
    }

    /** The consent page's approval: the callback URL with a fresh code, for the page to navigate to. */
    @POST
    @Authenticated
    @SessionOnly
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public ApiResponse<ApprovedView> approve(
            @Valid @NotNull ApprovalRequest approval, @Context SecurityContext security) {
        BrowserLoginRequest request = BrowserLoginRequest.of(
                approval.callback(),
                approval.name(),
                approval.state(),
                approval.codeChallenge(),
                approval.codeChallengeMethod(),
                approval.scope());
        return ApiResponse.of(
                new ApprovedView(codeFor(Caller.of(security), request).toString()));
    }

    @POST
    @Path("exchange")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public ApiResponse<ExchangedTokenView> exchange(@Valid @NotNull ExchangeRequest request) {
        return logins.exchange(request.code(), request.codeVerifier())
                .map(ExchangedTokenView::of)
                .map(ApiResponse::of)
                .orElseThrow(ApiException::invalidCode);
    }

    private URI codeFor(Caller caller, BrowserLoginRequest request) {
        String code = logins.issueCode(caller, request.tokenName(), request.challenge(), request.scopes());
        return request.callback().withCode(code, request.state());
    }
}
