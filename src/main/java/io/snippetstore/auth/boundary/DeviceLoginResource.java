package io.snippetstore.auth.boundary;

import java.util.LinkedHashSet;
import java.util.Optional;

import io.snippetstore.auth.control.DeviceLogins;
import io.snippetstore.auth.control.DevicePoll;
import io.snippetstore.auth.control.TokenAsk;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.SessionOnly;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/**
 * Device login for command-line clients on a machine whose browser the service cannot redirect
 * to (docs/API.md, "Device login"): the client starts one and polls {@code token}; the user opens
 * {@code /device} in any signed-in browser, types the user code, and approves or denies it there.
 * Deciding needs the browser session (a token cannot approve logins for more tokens).
 */
@Path("v1/auth/device")
@Produces(MediaType.APPLICATION_JSON)
public class DeviceLoginResource {

    @Inject
    DeviceLogins logins;

    /** No credential: the client has none yet. The codes are shown this once. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<DeviceLoginStartedView> start(@Valid DeviceLoginRequest request, @Context UriInfo uri) {
        String name = request == null ? BrowserLoginRequest.DEFAULT_NAME : request.tokenName();
        TokenAsk ask = request == null
                ? TokenAsk.scopes(Optional.empty())
                : new TokenAsk(
                        TokenScopes.ofSpaced(request.scope(), ApiException::validationFailed),
                        Optional.ofNullable(request.collections()).map(LinkedHashSet::new),
                        Optional.ofNullable(request.expiresInDays()));
        logins.requireRoomToStart();
        return ApiResponse.of(DeviceLoginStartedView.of(
                logins.start(name, ask), uri.getBaseUri().resolve("/device").toString()));
    }

    @GET
    @Path("{userCode}")
    @Authenticated
    @SessionOnly
    public ApiResponse<PendingDeviceView> describe(
            @PathParam("userCode") String userCode, @Context SecurityContext security) {
        return ApiResponse.of(PendingDeviceView.of(logins.describe(Caller.of(security), userCode)));
    }

    @POST
    @Path("{userCode}/approve")
    @Authenticated
    @SessionOnly
    public ApiResponse<DecidedView> approve(@PathParam("userCode") String userCode, @Context SecurityContext security) {
        logins.approve(Caller.of(security), userCode);
        return ApiResponse.of(new DecidedView(true));
    }

    @POST
    @Path("{userCode}/deny")
    @Authenticated
    @SessionOnly
    public ApiResponse<DecidedView> deny(@PathParam("userCode") String userCode, @Context SecurityContext security) {
        logins.deny(Caller.of(security), userCode);
        return ApiResponse.of(new DecidedView(false));
    }

    /** The client's poll: a 400 with a code that says what to do, until the token is there (once). */
    @POST
    @Path("token")
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<ExchangedTokenView> token(@Valid @NotNull DeviceTokenRequest request) {
        // most polls of a code that is unknown or ended change nothing: answered from a read, without the writer
        DevicePoll poll = logins.settledPoll(request.deviceCode()).orElseGet(() -> logins.poll(request.deviceCode()));
        return switch (poll.outcome()) {
            case ISSUED -> ApiResponse.of(ExchangedTokenView.of(poll.token().orElseThrow()));
            case PENDING -> throw ApiException.authorizationPending();
            case SLOW_DOWN -> throw ApiException.slowDown(DeviceLogins.INTERVAL.toSeconds());
            case DENIED -> throw ApiException.accessDenied();
            case EXPIRED -> throw ApiException.expiredToken();
            case INVALID -> throw ApiException.invalidCode();
        };
    }

    /** The answer of a decision: whether the login was approved. */
    public record DecidedView(boolean approved) {}
}
