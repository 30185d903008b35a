package io.snippetstore.snippets.boundary;

import java.util.List;

import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.snippets.control.CollectionLinks;
import io.snippetstore.snippets.control.CollectionLinks.SharedCollection;
import io.snippetstore.snippets.control.SnippetPage;
import io.snippetstore.snippets.control.SnippetQuery;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * A collection opened by a share link, for anyone holding it, signed in or not: read-only, its
 * name and description and the snippets their owners put in it, searched as the list searches,
 * nothing else of its owner. Unknown, expired and revoked links, a disabled owner's, and snippets
 * the link does not open are 404.
 */
@Path("v1/shared-collections/{secret}")
@Produces(MediaType.APPLICATION_JSON)
public class SharedCollectionResource {

    @Inject
    CollectionLinks links;

    @PathParam("secret")
    String secret;

    @GET
    public ApiResponse<SharedCollectionView> get() {
        SharedCollection collection = links.open(secret);
        return ApiResponse.of(SharedCollectionView.of(collection, links.size(collection)));
    }

    /** A page of its snippets: the list's {@code query}, filters, {@code sort}, {@code cursor}, {@code limit} and {@code fields}. */
    @GET
    @Path("snippets")
    public ApiList<SharedSnippetView> snippets(@BeanParam SnippetListParameters parameters) {
        SnippetQuery query = parameters.toQuery();
        SnippetPage page = links.snippets(links.open(secret), query);
        List<SharedSnippetView> items =
                page.items().stream().map(SharedSnippetView::of).toList();
        return query.terms().isEmpty()
                ? ApiList.page(items, page.nextCursor(), page.limit())
                : ApiList.searched(
                        items,
                        page.nextCursor(),
                        page.limit(),
                        page.suggestion().orElse(null));
    }

    @GET
    @Path("snippets/{snippetId}")
    public ApiResponse<SharedSnippetView> snippet(@PathParam("snippetId") String snippetId) {
        return ApiResponse.of(SharedSnippetView.of(links.snippet(secret, snippetId)));
    }

    /** The code alone, as plain UTF-8 text that a browser shows and never runs. */
    @GET
    @Path("snippets/{snippetId}/raw")
    @Produces(MediaType.TEXT_PLAIN + ";charset=utf-8")
    public Response raw(@PathParam("snippetId") String snippetId) {
        return Response.ok(links.snippet(secret, snippetId).fields().code())
                .header("Content-Security-Policy", "sandbox")
                .build();
    }
}
