package io.snippetstore.auth.boundary;

import io.snippetstore.auth.control.ApiTokens;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.security.AdminOnly;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** An administrator's view of a user's API tokens (never their values), and revoking them. */
@Path("v1/users/{userId}/tokens")
@Authenticated
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class UserTokensResource {

    @Inject
    ApiTokens tokens;

    @Context
    SecurityContext security;

    @JsonbPropertyOrder({"revoked"})
    public record RevokedTokensView(int revoked) {}

    @GET
    public ApiList<TokenView> list(@PathParam("userId") String userId) {
        return ApiList.complete(tokens.ofUser(Caller.of(security), userId).stream()
                .map(TokenView::of)
                .toList());
    }

    @DELETE
    public ApiResponse<RevokedTokensView> revokeAll(@PathParam("userId") String userId) {
        return ApiResponse.of(new RevokedTokensView(tokens.revokeAllOf(Caller.of(security), userId)));
    }

    @DELETE
    @Path("{tokenId}")
    public ApiResponse<Deleted> revoke(@PathParam("userId") String userId, @PathParam("tokenId") String tokenId) {
        return ApiResponse.of(Deleted.of(tokens.revokeOf(Caller.of(security), userId, tokenId)));
    }
}
