package io.snippetstore.snippets.boundary;

import java.net.URI;

import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.IssuedLink;
import io.snippetstore.snippets.control.ShareLinks;
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
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** A snippet's share links, for its owner: create one (its URL is shown once) and list them. */
@Path("v1/snippets/{snippetId}/links")
@Authenticated
@RequiresScope(Scope.SHARING)
@Produces(MediaType.APPLICATION_JSON)
public class SnippetLinksResource {

    @Inject
    ShareLinks links;

    @Context
    SecurityContext security;

    @PathParam("snippetId")
    String snippetId;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(@Valid @NotNull CreateLinkRequest request, @Context UriInfo uri) {
        IssuedLink issued = links.create(Caller.of(security), snippetId, request.expiresInDays());
        return Response.created(uri.getBaseUriBuilder()
                        .path(LinksResource.class)
                        .path(issued.link().id())
                        .build())
                .entity(ApiResponse.of(NewLinkView.of(issued, serviceRoot(uri))))
                .build();
    }

    @GET
    public ApiList<LinkView> list() {
        return ApiList.complete(links.list(Caller.of(security), snippetId).stream()
                .map(LinkView::of)
                .toList());
    }

    /** The service's own root: the API's base is {@code <root>/api/}. */
    private static URI serviceRoot(UriInfo uri) {
        return uri.getBaseUri().resolve("/");
    }
}
