package io.snippetstore.snippets.boundary;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.AsyncAnswers;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.JsonRequestReader;
import io.snippetstore.platform.RequestBodies;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.control.RenderedCode;
import io.snippetstore.snippets.control.SnippetData;
import io.snippetstore.snippets.control.SnippetInput;
import io.snippetstore.snippets.control.SnippetPage;
import io.snippetstore.snippets.control.SnippetPatch;
import io.snippetstore.snippets.control.SnippetPlaces;
import io.snippetstore.snippets.control.SnippetQuery;
import io.snippetstore.snippets.control.Snippets;
import io.snippetstore.storage.control.GroupCommit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;

/**
 * The caller's snippets. Every snippet response carries {@code ETag: "<version>"}.
 * Application-scoped: an instance per request, with the container's injection, cost a fifth of
 * a GET by id. So it holds nothing of a request: the caller comes in as a parameter (a
 * {@code @Context} field would be injected once, with the first request's caller, on Payara).
 */
@ApplicationScoped
@Path("v1/snippets")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class SnippetsResource {

    @Inject
    Snippets snippets;

    /** Creates, changes and deletes share their commit with the other writes arriving meanwhile. */
    @Inject
    GroupCommit commits;

    @Inject
    AsyncAnswers answers;

    /** Bodies are validated by the methods themselves, not declared: see {@link RequestBodies} for why. */
    @Inject
    RequestBodies bodies;

    /** Answered after the commit, without holding a request thread while the write waits for it; so are changes and deletes. */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public void create(
            SnippetInput input,
            @QueryParam("collection") String collection,
            @Context UriInfo uri,
            @Context SecurityContext security,
            @Suspended AsyncResponse answer) {
        bodies.valid(input);
        Caller caller = Caller.of(security);
        UriBuilder location = uri.getAbsolutePathBuilder();
        Optional<String> into = Optional.ofNullable(collection);
        answers.resume(
                answer,
                commits.submit(() -> snippets.create(caller, input, into)),
                created -> Response.created(location.path(created.id()).build())
                        .tag(etag(created))
                        .entity(ApiResponse.of(SnippetView.of(
                                created,
                                caller,
                                Set.of(),
                                into.isPresent() ? snippets.places(caller, created) : SnippetPlaces.ofNewSnippet())))
                        .build());
    }

    /** A page of snippets, each whole or, with {@code fields=summary}, without code and notes. */
    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    public ApiList<?> list(@BeanParam SnippetListParameters parameters, @Context SecurityContext security) {
        SnippetQuery query = parameters.toQuery();
        Caller caller = Caller.of(security);
        SnippetPage page = snippets.list(caller, query);
        List<?> items = query.summary()
                ? page.items().stream()
                        .map(snippet -> SnippetSummaryView.of(
                                snippet, page.matches().get(snippet.id()), caller, page.memberOf(), page.starred()))
                        .toList()
                : page.items().stream()
                        .map(snippet -> SnippetView.of(
                                snippet, page.matches().get(snippet.id()), caller, page.memberOf(), page.starred()))
                        .toList();
        if (query.terms().isEmpty()) {
            return ApiList.page(items, page.nextCursor(), page.limit());
        }
        return ApiList.searched(
                items, page.nextCursor(), page.limit(), page.suggestion().orElse(null));
    }

    /** The languages and tags of what the list's filters match, with counts: the list's filters to offer. */
    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("facets")
    public ApiResponse<FacetsView> facets(
            @BeanParam SnippetListParameters parameters, @Context SecurityContext security) {
        return ApiResponse.of(FacetsView.of(snippets.facets(Caller.of(security), parameters.toQuery())));
    }

    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("{snippetId}")
    public Response get(@PathParam("snippetId") String snippetId, @Context SecurityContext security) {
        Caller caller = Caller.of(security);
        return withEtag(snippets.get(caller, snippetId), caller);
    }

    /** The code alone, as plain UTF-8 text that a browser shows and never runs; for scripts too ({@code curl .../raw}). */
    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("{snippetId}/raw")
    @Produces(MediaType.TEXT_PLAIN + ";charset=utf-8")
    public Response raw(@PathParam("snippetId") String snippetId, @Context SecurityContext security) {
        SnippetData snippet = snippets.get(Caller.of(security), snippetId);
        return Response.ok(snippet.fields().code())
                .tag(etag(snippet))
                .header("Content-Security-Policy", "sandbox")
                .build();
    }

    /** The code with its variables filled in ({@code ?name=value&…}, defaults for the rest), as plain text like {@link #raw}. */
    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("{snippetId}/render")
    @Produces(MediaType.TEXT_PLAIN + ";charset=utf-8")
    public Response render(
            @PathParam("snippetId") String snippetId, @Context UriInfo uri, @Context SecurityContext security) {
        RenderedCode rendered =
                snippets.render(Caller.of(security), snippetId, VariableValues.of(uri.getQueryParameters()));
        return Response.ok(rendered.text())
                .tag(new EntityTag(Long.toString(rendered.version())))
                .header("Content-Security-Policy", "sandbox")
                .build();
    }

    @RequiresScope(Scope.SNIPPETS_WRITE)
    @PATCH
    @Path("{snippetId}")
    @Consumes({MediaType.APPLICATION_JSON, JsonRequestReader.MERGE_PATCH_JSON})
    public void update(
            @PathParam("snippetId") String snippetId,
            SnippetPatch patch,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @Context SecurityContext security,
            @Suspended AsyncResponse answer) {
        RequestBodies.present(patch);
        Caller caller = Caller.of(security);
        OptionalLong expectedVersion = expectedVersion(ifMatch);
        answers.resume(
                answer,
                commits.submit(() -> snippets.update(caller, snippetId, patch, expectedVersion)),
                changed -> withEtag(changed, caller));
    }

    @RequiresScope(Scope.SNIPPETS_WRITE)
    @DELETE
    @Path("{snippetId}")
    public void delete(
            @PathParam("snippetId") String snippetId,
            @Context SecurityContext security,
            @Suspended AsyncResponse answer) {
        Caller caller = Caller.of(security);
        answers.resume(
                answer,
                commits.submit(() -> snippets.delete(caller, snippetId)),
                deleted -> ApiResponse.of(Deleted.of(deleted)));
    }

    /** Stars a snippet the caller may read (idempotent): the answer is the snippet. */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @PUT
    @Path("{snippetId}/star")
    public Response star(@PathParam("snippetId") String snippetId, @Context SecurityContext security) {
        Caller caller = Caller.of(security);
        return withEtag(snippets.star(caller, snippetId), caller);
    }

    @RequiresScope(Scope.SNIPPETS_WRITE)
    @DELETE
    @Path("{snippetId}/star")
    public Response unstar(@PathParam("snippetId") String snippetId, @Context SecurityContext security) {
        Caller caller = Caller.of(security);
        return withEtag(snippets.unstar(caller, snippetId), caller);
    }

    /** Pins one of the caller's snippets to the top of their lists (idempotent): the answer is the snippet. */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @PUT
    @Path("{snippetId}/pin")
    public Response pin(@PathParam("snippetId") String snippetId, @Context SecurityContext security) {
        Caller caller = Caller.of(security);
        return withEtag(snippets.pin(caller, snippetId), caller);
    }

    @RequiresScope(Scope.SNIPPETS_WRITE)
    @DELETE
    @Path("{snippetId}/pin")
    public Response unpin(@PathParam("snippetId") String snippetId, @Context SecurityContext security) {
        Caller caller = Caller.of(security);
        return withEtag(snippets.unpin(caller, snippetId), caller);
    }

    private Response withEtag(SnippetData snippet, Caller caller) {
        return Response.ok(ApiResponse.of(SnippetView.of(
                        snippet, caller, snippets.groupsOf(caller, snippet), snippets.places(caller, snippet))))
                .tag(etag(snippet))
                .build();
    }

    private static EntityTag etag(SnippetData snippet) {
        return new EntityTag(Long.toString(snippet.version()));
    }

    /**
     * The version an {@code If-Match} demands: none for an absent header or {@code *}; a strong
     * {@code "<version>"} otherwise. Anything else can never match the current ETag: 412.
     */
    static OptionalLong expectedVersion(String ifMatch) {
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.strip().equals("*")) {
            return OptionalLong.empty();
        }
        String tag = ifMatch.strip();
        if (tag.length() > 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
            try {
                return OptionalLong.of(Long.parseLong(tag.substring(1, tag.length() - 1)));
            } catch (NumberFormatException e) {
                // not a version of ours: falls through to the failed precondition
            }
        }
        throw ApiException.preconditionFailed("If-Match does not match the snippet's current ETag.");
    }
}
