package io.snippetstore.attachments.boundary;

import io.snippetstore.attachments.control.AttachmentData;
import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.StreamingPool;
import io.snippetstore.snippets.control.ShareLinks;
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

/** The attachments of a snippet opened by a share link: their list and their bytes, read-only. */
@Path("v1/shared/{secret}/attachments")
@Produces(MediaType.APPLICATION_JSON)
public class SharedAttachmentsResource {

    @Inject
    ShareLinks links;

    @Inject
    Attachments attachments;

    @Inject
    StreamingPool streaming;

    @PathParam("secret")
    String secret;

    @GET
    public ApiList<AttachmentView> list() {
        return ApiList.complete(attachments.list(links.open(secret)).stream()
                .map(attachment -> AttachmentView.shared(attachment, secret))
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
            SharedSnippet shared = links.open(secret);
            AttachmentData attachment = attachments.get(shared, attachmentId);
            return DownloadResponse.of(
                    attachment, ordinal -> attachments.findChunk(attachmentId, ordinal), headers, range, ifRange);
        });
    }
}
