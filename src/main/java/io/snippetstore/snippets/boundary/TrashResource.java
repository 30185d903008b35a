package io.snippetstore.snippets.boundary;

import java.util.Optional;
import java.util.Set;

import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.PageLimit;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.SnippetData;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.snippets.control.Trash;
import io.snippetstore.snippets.control.TrashPage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

/** The caller's trash: what they deleted, restorable until it is purged. */
@ApplicationScoped
@Path("v1/trash")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class TrashResource {

    @Inject
    Trash trash;

    @Inject
    Snippets snippets;

    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    public ApiList<TrashedSnippetView> list(
            @QueryParam("cursor") String cursor, @QueryParam("limit") String limit, @Context SecurityContext security) {
        TrashPage page = trash.page(
                Caller.of(security),
                Optional.ofNullable(cursor).filter(value -> !value.isEmpty()),
                PageLimit.parse(limit));
        return ApiList.page(
                page.items().stream()
                        .map(item -> TrashedSnippetView.of(item, page.kept()))
                        .toList(),
                page.nextCursor(),
                page.limit());
    }

    /** Takes the snippet out of the trash; answers it as {@code GET /snippets/{id}} does. */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @POST
    @Path("{snippetId}/restore")
    public Response restore(@PathParam("snippetId") String snippetId, @Context SecurityContext security) {
        Caller caller = Caller.of(security);
        SnippetData restored = trash.restore(caller, snippetId);
        // only its owner restores it: no groups to look up
        return Response.ok(
                        ApiResponse.of(SnippetView.of(restored, caller, Set.of(), snippets.places(caller, restored))))
                .tag(new EntityTag(Long.toString(restored.version())))
                .build();
    }

    /** Purges the snippet for good now. */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @DELETE
    @Path("{snippetId}")
    public ApiResponse<Deleted> purge(@PathParam("snippetId") String snippetId, @Context SecurityContext security) {
        return ApiResponse.of(Deleted.of(trash.purge(Caller.of(security), snippetId)));
    }
}
