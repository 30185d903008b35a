package io.snippetstore.auth.boundary;

import java.util.Map;

import io.snippetstore.auth.control.Logins;
import io.snippetstore.auth.control.UserData;
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
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
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
    Sessions sessions;

    @Context
    HttpServletRequest http;

    @POST
    @Path("login")
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<SignedInView> login(@Valid @NotNull LoginRequest credentials) {
        UserData user = logins.login(credentials.username(), credentials.password());
        sessions.signIn(http, user);
        return ApiResponse.of(SignedInView.of(user));
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
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<Map<String, Boolean>> changePassword(@Valid @NotNull ChangePasswordRequest request,
                                                            @Context SecurityContext security) {
        logins.changePassword(Caller.of(security), request.currentPassword(), request.newPassword());
        return ApiResponse.of(Map.of("passwordChanged", true));
    }

    @GET
    @Path("whoami")
    @Authenticated
    public ApiResponse<WhoAmIView> whoami(@Context SecurityContext security) {
        return ApiResponse.of(WhoAmIView.of(Caller.of(security)));
    }
}
