package io.snippetstore.snippets.boundary;

import java.util.List;
import java.util.Optional;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.JsonRequestReader;
import io.snippetstore.platform.PageLimit;
import io.snippetstore.platform.RequestBodies;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.CollectionData;
import io.snippetstore.snippets.control.CollectionInput;
import io.snippetstore.snippets.control.CollectionPage;
import io.snippetstore.snippets.control.CollectionPatch;
import io.snippetstore.snippets.control.Collections;
import io.snippetstore.snippets.control.SnippetPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** Collections: the caller's own (a tree), others' they may read, and the snippets of each in order. */
@Path("v1/collections")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class CollectionsResource {

    @Inject
    Collections collections;

    @Inject
    RequestBodies bodies;

    @RequiresScope(Scope.SNIPPETS_WRITE)
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(CollectionInput input, @Context UriInfo uri, @Context SecurityContext security) {
        CollectionData created = collections.create(Caller.of(security), bodies.valid(input));
        return Response.created(uri.getAbsolutePathBuilder().path(created.id()).build())
                .entity(ApiResponse.of(CollectionView.of(created)))
                .build();
    }

    /**
     * {@code scope=own} (the default): every collection of the caller's, by name, in one answer;
     * {@code scope=shared}: others' the caller may read, a page at a time.
     */
    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    public ApiList<CollectionView> list(
            @QueryParam("scope") String scope,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            @Context SecurityContext security) {
        Caller caller = Caller.of(security);
        if (scope == null || scope.isEmpty() || scope.equals("own")) {
            return ApiList.complete(
                    collections.mine(caller).stream().map(CollectionView::of).toList());
        }
        if (!scope.equals("shared")) {
            throw ApiException.badRequest("scope must be own or shared.");
        }
        CollectionPage page = collections.shared(
                caller, Optional.ofNullable(cursor).filter(value -> !value.isEmpty()), PageLimit.parse(limit));
        return ApiList.page(page.items().stream().map(CollectionView::of).toList(), page.nextCursor(), page.limit());
    }

    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("{collectionId}")
    public ApiResponse<CollectionView> get(
            @PathParam("collectionId") String collectionId, @Context SecurityContext security) {
        return ApiResponse.of(CollectionView.of(collections.get(Caller.of(security), collectionId)));
    }

    /** Renames, describes, moves ({@code parentId}) and shares ({@code visibility}, {@code groups}): a merge patch. */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @PATCH
    @Path("{collectionId}")
    @Consumes({MediaType.APPLICATION_JSON, JsonRequestReader.MERGE_PATCH_JSON})
    public ApiResponse<CollectionView> update(
            @PathParam("collectionId") String collectionId, CollectionPatch patch, @Context SecurityContext security) {
        RequestBodies.present(patch);
        return ApiResponse.of(CollectionView.of(collections.update(Caller.of(security), collectionId, patch)));
    }

    /** {@code inside=move_up} (the default): the collections inside it move into its parent; {@code inside=delete}: they go too. Snippets stay. */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @DELETE
    @Path("{collectionId}")
    public ApiResponse<Deleted> delete(
            @PathParam("collectionId") String collectionId,
            @QueryParam("inside") String inside,
            @Context SecurityContext security) {
        boolean withInside;
        if (inside == null || inside.isEmpty() || inside.equals("move_up")) {
            withInside = false;
        } else if (inside.equals("delete")) {
            withInside = true;
        } else {
            throw ApiException.badRequest("inside must be move_up or delete.");
        }
        return ApiResponse.of(Deleted.of(collections.delete(Caller.of(security), collectionId, withInside)));
    }

    /** The collection's snippets the caller may read, in its order, as summaries, a page at a time. */
    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("{collectionId}/snippets")
    public ApiList<SnippetSummaryView> snippets(
            @PathParam("collectionId") String collectionId,
            @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor,
            @Context SecurityContext security) {
        Caller caller = Caller.of(security);
        SnippetPage page = collections.snippets(
                caller,
                collectionId,
                Optional.ofNullable(cursor).filter(value -> !value.isEmpty()),
                PageLimit.parse(limit));
        List<SnippetSummaryView> items = page.items().stream()
                .map(snippet -> SnippetSummaryView.of(snippet, null, caller, page.memberOf(), page.starred()))
                .toList();
        return ApiList.page(items, page.nextCursor(), page.limit());
    }

    @RequiresScope(Scope.SNIPPETS_WRITE)
    @POST
    @Path("{collectionId}/snippets")
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<CollectionView> add(
            @PathParam("collectionId") String collectionId,
            AddToCollectionRequest request,
            @Context SecurityContext security) {
        bodies.valid(request);
        return ApiResponse.of(CollectionView.of(collections.add(
                Caller.of(security), collectionId, request.snippetIds(), Optional.ofNullable(request.position()))));
    }

    @RequiresScope(Scope.SNIPPETS_WRITE)
    @PUT
    @Path("{collectionId}/snippets/{snippetId}")
    @Consumes(MediaType.APPLICATION_JSON)
    public ApiResponse<CollectionView> move(
            @PathParam("collectionId") String collectionId,
            @PathParam("snippetId") String snippetId,
            MoveInCollectionRequest request,
            @Context SecurityContext security) {
        bodies.valid(request);
        return ApiResponse.of(
                CollectionView.of(collections.move(Caller.of(security), collectionId, snippetId, request.position())));
    }

    @RequiresScope(Scope.SNIPPETS_WRITE)
    @DELETE
    @Path("{collectionId}/snippets/{snippetId}")
    public ApiResponse<CollectionView> remove(
            @PathParam("collectionId") String collectionId,
            @PathParam("snippetId") String snippetId,
            @Context SecurityContext security) {
        return ApiResponse.of(CollectionView.of(collections.remove(Caller.of(security), collectionId, snippetId)));
    }
}
