package io.snippetstore.auth.boundary;

import java.util.Map;

import io.snippetstore.auth.control.CredentialsEnded;
import io.snippetstore.auth.control.Logins;
import io.snippetstore.auth.control.UserData;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.security.AllowsTemporaryPassword;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.SessionOnly;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** The browser session: signing in and out, and who is calling. */
@Path("v1/auth")
@Produces(MediaType.APPLICATION_JSON)
public class AuthResource {

    @Inject
    Logins logins;

    @Inject
    LaterAnswers later;

    @Inject
    Sessions sessions;

    @Context
    HttpServletRequest http;

    /**
     * Signs in. A login refused because every place for a password check is taken is answered
     * only after its {@code Retry-After} second, without holding a request thread meanwhile: so a
     * storm of logins on many connections costs about one refusal per connection and second
     * rather than as many as the connections can send, and the service stays responsive.
     */
    @POST
    @Path("login")
    @Consumes(MediaType.APPLICATION_JSON)
    public void login(@Valid @NotNull LoginRequest credentials, @Suspended AsyncResponse answer) {
        UserData user;
        try {
            user = logins.login(credentials.username(), credentials.password());
        } catch (ApiException refused) {
            if (refused.answerAfterRetryDelay()) {
                later.fail(answer, refused, ApiException.PASSWORD_CHECKS_BUSY_SECONDS);
            } else {
                answer.resume(refused);
            }
            return;
        }
        sessions.signIn(http, user);
        answer.resume(ApiResponse.of(SignedInView.of(user)));
    }

    @POST
    @Path("logout")
    public ApiResponse<Map<String, Boolean>> logout(@Context HttpHeaders headers, @Context UriInfo uri) {
        if (http.getSession(false) != null) {
            // Signing out changes the session: the same rule as every other unsafe session request.
            SameOrigin.require(headers.getHeaderString("Origin"), headers.getHeaderString("Referer"), uri.getBaseUri());
        }
        sessions.signOut(http);
        return ApiResponse.of(Map.of("signedOut", true));
    }

    /** The caller changes their own password; a browser session only, like creating a token. */
    @POST
    @Path("password")
    @Authenticated
    @SessionOnly
    @AllowsTemporaryPassword
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<PasswordChangedView> changePassword(
            @Valid @NotNull ChangePasswordRequest request, @Context SecurityContext security) {
        CredentialsEnded ended = logins.changePassword(
                Caller.of(security),
                sessions.current(http).orElse(null),
                request.currentPassword(),
                request.newPassword(),
                Boolean.TRUE.equals(request.revokeTokens()));
        return ApiResponse.of(PasswordChangedView.of(ended));
    }

    @RequiresScope({})
    @GET
    @Path("whoami")
    @Authenticated
    public ApiResponse<WhoAmIView> whoami(@Context SecurityContext security) {
        return ApiResponse.of(WhoAmIView.of(Caller.of(security)));
    }
}
