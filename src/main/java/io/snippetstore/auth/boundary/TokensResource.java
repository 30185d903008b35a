package io.snippetstore.auth.boundary;

import java.util.Optional;

import io.snippetstore.auth.control.ApiTokens;
import io.snippetstore.auth.control.IssuedToken;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.platform.security.SessionOnly;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** The caller's API tokens. Creating one needs a browser session. */
@Path("v1/auth/tokens")
@Authenticated
@RequiresScope(Scope.ACCOUNT)
@Produces(MediaType.APPLICATION_JSON)
public class TokensResource {

    @Inject
    ApiTokens tokens;

    @Context
    SecurityContext security;

    @POST
    @SessionOnly
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(@Valid @NotNull CreateTokenRequest request, @Context UriInfo uri) {
        IssuedToken issued = tokens.create(
                Caller.of(security),
                request.name(),
                request.expiresInDays(),
                Optional.ofNullable(request.scopes()).map(TokenScopes::parse),
                Optional.ofNullable(request.collections()));
        return Response.created(
                        uri.getAbsolutePathBuilder().path(issued.token().id()).build())
                .entity(ApiResponse.of(NewTokenView.of(issued)))
                .build();
    }

    @GET
    public ApiList<TokenView> list() {
        return ApiList.complete(
                tokens.list(Caller.of(security)).stream().map(TokenView::of).toList());
    }

    @GET
    @Path("{tokenId}")
    public ApiResponse<TokenView> get(@PathParam("tokenId") String tokenId) {
        return ApiResponse.of(TokenView.of(tokens.get(Caller.of(security), tokenId)));
    }

    /** Narrows the token's scopes (never widens them). */
    @PATCH
    @Path("{tokenId}")
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<TokenView> narrow(
            @PathParam("tokenId") String tokenId, @Valid @NotNull NarrowTokenRequest request) {
        return ApiResponse.of(
                TokenView.of(tokens.narrow(Caller.of(security), tokenId, TokenScopes.parse(request.scopes()))));
    }

    @DELETE
    @Path("{tokenId}")
    public ApiResponse<Deleted> revoke(@PathParam("tokenId") String tokenId) {
        return ApiResponse.of(Deleted.of(tokens.revoke(Caller.of(security), tokenId)));
    }
}
