package io.snippetstore.auth.boundary;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import io.snippetstore.auth.boundary.AuthMessages.ExchangeRequest;
import io.snippetstore.auth.boundary.AuthMessages.ExchangedToken;
import io.snippetstore.auth.control.BrowserLogins;
import io.snippetstore.auth.control.Caller;
import io.snippetstore.auth.control.LoopbackCallback;
import io.snippetstore.auth.control.Pkce;
import io.snippetstore.auth.entity.ApiToken;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.FieldError;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * Browser login for command-line clients: the client opens {@code GET browser-login} in a
 * browser, the signed-in user is redirected to the client's loopback callback with a one-time
 * code, and the client exchanges the code for an API token.
 */
@Path("v1/auth/browser-login")
public class BrowserLoginResource {

    private static final int STATE_MAX = 1024;

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
                          @Context UriInfo uri) {
        LoopbackCallback target = LoopbackCallback.parse(callback);
        String tokenName = name == null ? "CLI" : name;
        int nameLength = tokenName.codePointCount(0, tokenName.length());
        if (tokenName.isBlank() || nameLength > ApiToken.NAME_MAX) {
            throw ApiException.badRequest("The token name is invalid.",
                    List.of(new FieldError("name", "must be 1 to " + ApiToken.NAME_MAX + " characters long")));
        }
        if (state != null && state.length() > STATE_MAX) {
            throw ApiException.badRequest("The state is too long.",
                    List.of(new FieldError("state", "must be at most " + STATE_MAX + " characters long")));
        }
        String challenge = Pkce.acceptChallenge(codeChallenge, codeChallengeMethod);
        Optional<Caller> caller = sessions.caller(http);
        if (caller.isEmpty()) {
            String back = uri.getRequestUri().getRawPath()
                    + (uri.getRequestUri().getRawQuery() == null ? "" : "?" + uri.getRequestUri().getRawQuery());
            return Response.status(Response.Status.FOUND)
                    .location(uri.getBaseUri().resolve("/login?next=" + URLEncoder.encode(back, StandardCharsets.UTF_8)))
                    .build();
        }
        String code = logins.issueCode(caller.get().userId(), tokenName, challenge);
        return Response.status(Response.Status.FOUND).location(target.withCode(code, state))
                .header("Cache-Control", "no-store")
                .build();
    }

    @POST
    @Path("exchange")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public ApiResponse<ExchangedToken> exchange(@Valid @NotNull ExchangeRequest request) {
        return logins.exchange(request.code(), request.codeVerifier())
                .map(ExchangedToken::of)
                .map(ApiResponse::of)
                .orElseThrow(() -> new ApiException(400, "invalid_code", "The code is unknown, used, expired, or its verifier is wrong."));
    }
}
