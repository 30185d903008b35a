package io.snippetstore.snippets.boundary;

import java.util.Optional;
import java.util.OptionalLong;

import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.JsonRequestReader;
import io.snippetstore.platform.PageLimit;
import io.snippetstore.platform.RequestBodies;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.RevisionPage;
import io.snippetstore.snippets.control.Revisions;
import io.snippetstore.snippets.control.SnippetData;
import io.snippetstore.snippets.control.SnippetPatch;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.storage.control.GroupCommit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

/** A snippet's history: its versions, one version's fields, the diff of two, and restoring one. */
@ApplicationScoped
@Path("v1/snippets/{snippetId}/revisions")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class RevisionsResource {

    @Inject
    Revisions revisions;

    @Inject
    Snippets snippets;

    @Inject
    GroupCommit commits;

    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    public ApiList<RevisionView> list(
            @PathParam("snippetId") String snippetId,
            @QueryParam("cursor") String cursor,
            @QueryParam("limit") String limit,
            @Context SecurityContext security) {
        RevisionPage page = revisions.page(
                Caller.of(security),
                snippetId,
                Optional.ofNullable(cursor).filter(value -> !value.isEmpty()),
                PageLimit.parse(limit));
        return ApiList.page(page.items().stream().map(RevisionView::of).toList(), page.nextCursor(), page.limit());
    }

    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("{version}")
    public ApiResponse<RevisionFieldsView> get(
            @PathParam("snippetId") String snippetId,
            @PathParam("version") long version,
            @Context SecurityContext security) {
        return ApiResponse.of(RevisionFieldsView.of(revisions.get(Caller.of(security), snippetId, version)));
    }

    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("{from}/diff/{to}")
    public ApiResponse<JsonObject> diff(
            @PathParam("snippetId") String snippetId,
            @PathParam("from") long from,
            @PathParam("to") long to,
            @Context SecurityContext security) {
        return ApiResponse.of(RevisionDiffView.of(from, to, revisions.diff(Caller.of(security), snippetId, from, to)));
    }

    /**
     * Merges an edit made from version {@code base} (the body: the fields changed, as in a PATCH)
     * with the snippet as it is now; saves nothing.
     */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @POST
    @Path("{base}/merge")
    @Consumes({MediaType.APPLICATION_JSON, JsonRequestReader.MERGE_PATCH_JSON})
    public ApiResponse<JsonObject> merge(
            @PathParam("snippetId") String snippetId,
            @PathParam("base") long base,
            SnippetPatch edit,
            @Context SecurityContext security) {
        // checked here, not declared, like the bodies of SnippetsResource (RequestBodies says why)
        RequestBodies.present(edit);
        return ApiResponse.of(MergeView.of(revisions.merge(Caller.of(security), snippetId, base, edit)));
    }

    /** Makes that version's fields the next version; answers the snippet as {@code GET /snippets/{id}} does. */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @POST
    @Path("{version}/restore")
    public Response restore(
            @PathParam("snippetId") String snippetId,
            @PathParam("version") long version,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @Context SecurityContext security) {
        Caller caller = Caller.of(security);
        OptionalLong expectedVersion = SnippetsResource.expectedVersion(ifMatch);
        SnippetData restored = commits.write(() -> revisions.restore(caller, snippetId, version, expectedVersion));
        return Response.ok(ApiResponse.of(SnippetView.of(
                        restored, caller, snippets.groupsOf(caller, restored), snippets.places(caller, restored))))
                .tag(new EntityTag(Long.toString(restored.version())))
                .build();
    }
}
