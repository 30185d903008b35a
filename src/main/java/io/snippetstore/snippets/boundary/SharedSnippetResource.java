package io.snippetstore.snippets.boundary;

import io.snippetstore.platform.ApiResponse;
import io.snippetstore.snippets.control.RenderedCode;
import io.snippetstore.snippets.control.ShareLinks;
import io.snippetstore.snippets.control.SnippetData;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * A snippet opened by a share link, for anyone holding it, signed in or not: read-only, and
 * nothing but the snippet (its attachments are {@code SharedAttachmentsResource}'s). Unknown,
 * expired and revoked links, and snippets no longer shared by link, are 404.
 */
@Path("v1/shared/{secret}")
public class SharedSnippetResource {

    @Inject
    ShareLinks links;

    @PathParam("secret")
    String secret;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public ApiResponse<SharedSnippetView> get() {
        return ApiResponse.of(SharedSnippetView.of(links.get(links.open(secret))));
    }

    /** The code alone, as plain UTF-8 text that a browser shows and never runs. */
    @GET
    @Path("raw")
    @Produces(MediaType.TEXT_PLAIN + ";charset=utf-8")
    public Response raw() {
        SnippetData snippet = links.get(links.open(secret));
        return Response.ok(snippet.fields().code())
                .header("Content-Security-Policy", "sandbox")
                .build();
    }

    /** The code with its variables filled in ({@code ?name=value&…}), as plain text like {@link #raw}. */
    @GET
    @Path("render")
    @Produces(MediaType.TEXT_PLAIN + ";charset=utf-8")
    public Response render(@Context UriInfo uri) {
        RenderedCode rendered = links.render(links.open(secret), VariableValues.of(uri.getQueryParameters()));
        return Response.ok(rendered.text())
                .header("Content-Security-Policy", "sandbox")
                .build();
    }
}
