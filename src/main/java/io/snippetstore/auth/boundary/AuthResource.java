package io.snippetstore.auth.boundary;

import io.snippetstore.auth.boundary.AuthMessages.LoginRequest;
import io.snippetstore.auth.boundary.AuthMessages.SignedIn;
import io.snippetstore.auth.boundary.AuthMessages.WhoAmI;
import io.snippetstore.auth.control.Logins;
import io.snippetstore.auth.entity.User;
import io.snippetstore.platform.ApiResponse;
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
    public ApiResponse<SignedIn> login(@Valid @NotNull LoginRequest credentials) {
        User user = logins.login(credentials.username(), credentials.password());
        sessions.signIn(http, user);
        return ApiResponse.of(SignedIn.of(user));
    }

    @POST
    @Path("logout")
    public ApiResponse<Object> logout(@Context HttpHeaders headers, @Context UriInfo uri) {
        if (http.getSession(false) != null) {
            // Signing out changes the session: the same rule as every other unsafe session request.
            SameOrigin.require(headers.getHeaderString("Origin"), headers.getHeaderString("Referer"), uri.getBaseUri());
        }
        sessions.signOut(http);
        return ApiResponse.of(java.util.Map.of("signedOut", true));
    }

    @GET
    @Path("whoami")
    @Authenticated
    public ApiResponse<WhoAmI> whoami(@Context SecurityContext security) {
        return ApiResponse.of(WhoAmI.of(Callers.of(security)));
    }
}
