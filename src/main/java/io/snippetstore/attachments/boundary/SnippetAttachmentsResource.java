package io.snippetstore.attachments.boundary;

import io.snippetstore.attachments.control.AttachmentData;
import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.attachments.control.StagingArea;
import io.snippetstore.attachments.control.Upload;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
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

/** A snippet's attachments: their list, and uploads. */
@Path("v1/snippets/{snippetId}/attachments")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class SnippetAttachmentsResource {

    @Inject
    Attachments attachments;

    @Inject
    StagingArea staging;

    @Context
    SecurityContext security;

    @PathParam("snippetId")
    String snippetId;

    @GET
    public ApiList<AttachmentView> list() {
        return ApiList.complete(attachments.list(caller(), snippetId).stream().map(AttachmentView::of).toList());
    }

    /**
     * Takes the body from the servlet request rather than as a JAX-RS entity, so that it is
     * read once, as a stream, straight into the staging area: the write transaction starts only
     * when the whole file is on this machine. An unknown snippet is refused before any of it is read.
     */
    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Response upload(@Context HttpServletRequest request, @Context UriInfo uri) {
        attachments.requireSnippet(caller(), snippetId);
        try (Upload upload = UploadReceiver.receive(request, staging)) {
            AttachmentData created = attachments.upload(caller(), snippetId, upload);
            return Response.created(uri.getBaseUriBuilder().path(AttachmentsResource.class).path(created.id()).build())
                    .entity(ApiResponse.of(AttachmentView.of(created)))
                    .build();
        }
    }

    private Caller caller() {
        return Caller.of(security);
    }
}
