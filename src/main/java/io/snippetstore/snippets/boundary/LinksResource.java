package io.snippetstore.snippets.boundary;

import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.ShareLinks;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** One share link, for the owner of its snippet: its dates, and revoking it at once. */
@Path("v1/links")
@Authenticated
@RequiresScope(Scope.SHARING)
@Produces(MediaType.APPLICATION_JSON)
public class LinksResource {

    @Inject
    ShareLinks links;

    @Context
    SecurityContext security;

    @GET
    @Path("{linkId}")
    public ApiResponse<LinkView> get(@PathParam("linkId") String linkId) {
        return ApiResponse.of(LinkView.of(links.get(Caller.of(security), linkId)));
    }

    @DELETE
    @Path("{linkId}")
    public ApiResponse<Deleted> revoke(@PathParam("linkId") String linkId) {
        return ApiResponse.of(Deleted.of(links.revoke(Caller.of(security), linkId)));
    }
}
