package io.snippetstore.attachments.boundary;

import java.io.IOException;

import io.snippetstore.attachments.control.AttachmentData;
import io.snippetstore.attachments.control.AttachmentUpload;
import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.attachments.control.StagingArea;
import io.snippetstore.attachments.control.Upload;
import io.snippetstore.platform.ApiList;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.StreamingPool;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import org.apache.commons.fileupload2.core.RequestContext;

/** A snippet's attachments: their list, and uploads. */
@Path("v1/snippets/{snippetId}/attachments")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class SnippetAttachmentsResource {

    @Inject
    Attachments attachments;

    @Inject
    StagingArea staging;

    @Inject
    StreamingPool streaming;

    @Context
    SecurityContext security;

    @PathParam("snippetId")
    String snippetId;

    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    public ApiList<AttachmentView> list() {
        return ApiList.complete(attachments.list(caller(), snippetId).stream()
                .map(AttachmentView::of)
                .toList());
    }

    /**
     * Takes the body from the servlet request rather than as a JAX-RS entity, so that it is
     * read once, as a stream, into the staging area, from where the upload copies it into the
     * database in steps while more arrives. An unknown snippet is refused before any of it is read.
     * The body is read at its client's pace by a thread not the server's; what that thread needs
     * of the request is taken here, on the request's own.
     */
    @RequiresScope(Scope.SNIPPETS_WRITE)
    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public void upload(@Context HttpServletRequest request, @Context UriInfo uri, @Suspended AsyncResponse answer)
            throws IOException {
        Caller caller = caller();
        RequestContext body = UploadReceiver.bodyOf(request);
        UriBuilder attachmentUris = uri.getBaseUriBuilder().path(AttachmentsResource.class);
        streaming.receive(answer, () -> {
            try (AttachmentUpload upload = attachments.startUpload(caller, snippetId);
                    Upload received = UploadReceiver.receive(body, staging, upload)) {
                AttachmentData created = upload.finish(received);
                return Response.created(attachmentUris.path(created.id()).build())
                        .entity(ApiResponse.of(AttachmentView.of(created)))
                        .build();
            }
        });
    }

    private Caller caller() {
        return Caller.of(security);
    }
}
