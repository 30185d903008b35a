package io.snippetstore.attachments.boundary;

import io.snippetstore.attachments.control.AttachmentData;
import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.StreamingPool;
import io.snippetstore.snippets.control.CollectionLinks;
import io.snippetstore.snippets.control.SharedSnippet;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/** The attachments of a snippet a collection's share link opens: their list and their bytes, read-only. */
@Path("v1/shared-collections/{secret}/snippets/{snippetId}/attachments")
@Produces(MediaType.APPLICATION_JSON)
public class SharedCollectionAttachmentsResource {

    @Inject
    CollectionLinks links;

    @Inject
    Attachments attachments;

    @Inject
    StreamingPool streaming;

    @PathParam("secret")
    String secret;

    @PathParam("snippetId")
    String snippetId;

    @GET
    public ApiList<AttachmentView> list() {
        return ApiList.complete(attachments.list(links.openSnippet(secret, snippetId)).stream()
                .map(attachment -> AttachmentView.sharedInCollection(attachment, secret))
                .toList());
    }

    @GET
    @Path("{attachmentId}/download")
    @Produces(MediaType.WILDCARD)
    public void download(
            @PathParam("attachmentId") String attachmentId,
            @HeaderParam("Range") String range,
            @HeaderParam("If-Range") String ifRange,
            @Context HttpHeaders headers,
            @Suspended AsyncResponse answer) {
        streaming.send(answer, () -> {
            SharedSnippet shared = links.openSnippet(secret, snippetId);
            AttachmentData attachment = attachments.get(shared, attachmentId);
            return DownloadResponse.of(
                    attachment, ordinal -> attachments.findChunk(attachmentId, ordinal), headers, range, ifRange);
        });
    }
}
