package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.Accounts;
import io.snippetstore.auth.control.CredentialsEnded;
import io.snippetstore.auth.control.UserData;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.JsonRequestReader;
import io.snippetstore.platform.security.AdminOnly;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** User administration, for administrators only. */
@Path("v1/users")
@Authenticated
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class UsersResource {

    @Inject
    Accounts accounts;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(
            @Valid @NotNull CreateUserRequest request, @Context UriInfo uri, @Context SecurityContext security) {
        UserData user = accounts.create(
                Caller.of(security),
                request.username(),
                request.password(),
                request.roleOrDefault(),
                Boolean.TRUE.equals(request.temporary()));
        return Response.created(uri.getAbsolutePathBuilder().path(user.id()).build())
                .entity(ApiResponse.of(UserView.of(user)))
                .build();
    }

    @GET
    public ApiList<UserView> list() {
        return ApiList.complete(accounts.list().stream().map(UserView::of).toList());
    }

    @GET
    @Path("{userId}")
    public ApiResponse<UserView> get(@PathParam("userId") String userId) {
        return ApiResponse.of(UserView.of(accounts.get(userId)));
    }

    /** Changes the role, disables or enables: a disabled user's sessions and tokens stop working at once. */
    @PATCH
    @Path("{userId}")
    @Consumes({MediaType.APPLICATION_JSON, JsonRequestReader.MERGE_PATCH_JSON})
    public ApiResponse<UserView> update(
            @PathParam("userId") String userId,
            @Valid @NotNull UpdateUserRequest request,
            @Context SecurityContext security) {
        return ApiResponse.of(
                UserView.of(accounts.update(Caller.of(security), userId, request.roleOrNull(), request.disabled())));
    }

    /**
     * Resets another user's password: every session of theirs ends, and with {@code revokeTokens}
     * every token. The answer is the user, with what the reset ended beside it.
     */
    @PUT
    @Path("{userId}/password")
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<PasswordResetView> resetPassword(
            @PathParam("userId") String userId,
            @Valid @NotNull SetPasswordRequest request,
            @Context SecurityContext security) {
        CredentialsEnded ended = accounts.resetPassword(
                Caller.of(security),
                userId,
                request.password(),
                Boolean.TRUE.equals(request.temporary()),
                Boolean.TRUE.equals(request.revokeTokens()));
        return ApiResponse.of(PasswordResetView.of(accounts.get(userId), ended));
    }
}
