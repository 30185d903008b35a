package io.snippetstore.snippets.boundary;

import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.CollectionLinks;
import io.snippetstore.snippets.control.IssuedCollectionLink;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** A collection's share links, for its owner: create one (its URL is shown once), list them, revoke one. */
@Path("v1/collections/{collectionId}/links")
@Authenticated
@RequiresScope(Scope.SHARING)
@Produces(MediaType.APPLICATION_JSON)
public class CollectionLinksResource {

    @Inject
    CollectionLinks links;

    @Context
    SecurityContext security;

    @PathParam("collectionId")
    String collectionId;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(@Valid @NotNull CreateLinkRequest request, @Context UriInfo uri) {
        IssuedCollectionLink issued = links.create(Caller.of(security), collectionId, request.expiresInDays());
        return Response.created(
                        uri.getAbsolutePathBuilder().path(issued.link().id()).build())
                .entity(ApiResponse.of(
                        NewCollectionLinkView.of(issued, uri.getBaseUri().resolve("/"))))
                .build();
    }

    @GET
    public ApiList<CollectionLinkView> list() {
        return ApiList.complete(links.list(Caller.of(security), collectionId).stream()
                .map(CollectionLinkView::of)
                .toList());
    }

    @DELETE
    @Path("{linkId}")
    public ApiResponse<Deleted> revoke(@PathParam("linkId") String linkId) {
        return ApiResponse.of(Deleted.of(links.revoke(Caller.of(security), collectionId, linkId)));
    }
}
