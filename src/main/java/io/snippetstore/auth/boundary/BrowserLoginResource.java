package io.snippetstore.auth.boundary;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.auth.control.BrowserLogins;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.SessionOnly;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/**
 * Browser login for command-line clients: the client opens {@code GET browser-login} in a
 * browser, the signed-in user is redirected to the client's loopback callback with a one-time
 * code, and the client exchanges the code for an API token.
 *
 * <p>A navigation that another site started (Fetch Metadata {@code Sec-Fetch-Site: cross-site} or
 * {@code same-site}) mints no code: it is sent to the consent page {@code /authorize}, whose
 * approval is a session POST under the same-origin rule. Otherwise any web page could make a
 * signed-in browser hand a code to whatever listens on a loopback port (RFC 8252 §8.6).
 */
@Path("v1/auth/browser-login")
public class BrowserLoginResource {

    private static final Set<String> STARTED_BY_ANOTHER_SITE = Set.of("cross-site", "same-site");

    @Inject
    BrowserLogins logins;

    @Inject
    Sessions sessions;

    @Context
    HttpServletRequest http;

    @GET
    public Response start(@QueryParam("callback") String callback,
                          @QueryParam("name") String name,
                          @QueryParam("state") String state,
                          @QueryParam("code_challenge") String codeChallenge,
                          @QueryParam("code_challenge_method") String codeChallengeMethod,
                          @HeaderParam("Sec-Fetch-Site") String fetchSite,
                          @Context UriInfo uri) {
        BrowserLoginRequest request = BrowserLoginRequest.of(callback, name, state, codeChallenge, codeChallengeMethod);
        Optional<Caller> caller = sessions.caller(http);
        if (caller.isEmpty()) {
            return Response.status(Response.Status.FOUND)
                    .location(uri.getBaseUri().resolve("/login?next=" + URLEncoder.encode(pathAndQuery(uri), StandardCharsets.UTF_8)))
                    .build();
        }
        if (fetchSite != null && STARTED_BY_ANOTHER_SITE.contains(fetchSite.strip().toLowerCase(Locale.ROOT))) {
            String query = uri.getRequestUri().getRawQuery();
            return Response.status(Response.Status.FOUND).location(uri.getBaseUri().resolve("/authorize?" + query)).build();
        }
        return Response.status(Response.Status.FOUND).location(codeFor(caller.get(), request)).build();
    }

    /** The consent page's approval: the callback URL with a fresh code, for the page to navigate to. */
    @POST
    @Authenticated
    @SessionOnly
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public ApiResponse<ApprovedView> approve(@Valid @NotNull ApprovalRequest approval, @Context SecurityContext security) {
        BrowserLoginRequest request = BrowserLoginRequest.of(approval.callback(), approval.name(), approval.state(),
                approval.codeChallenge(), approval.codeChallengeMethod());
        return ApiResponse.of(new ApprovedView(codeFor(Caller.of(security), request).toString()));
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
        String code = logins.issueCode(caller, request.tokenName(), request.challenge());
        return request.callback().withCode(code, request.state());
    }

    private static String pathAndQuery(UriInfo uri) {
        return uri.getRequestUri().getRawPath() + (uri.getRequestUri().getRawQuery() == null ? "" : "?" + uri.getRequestUri().getRawQuery());
    }
}
