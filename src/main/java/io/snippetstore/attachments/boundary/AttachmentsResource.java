package io.snippetstore.attachments.boundary;

import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.attachments.control.StagingArea;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import io.snippetstore.platform.StreamingPool;
import io.snippetstore.platform.security.Authenticated;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.RequiresScope;
import io.snippetstore.platform.security.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
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
import jakarta.ws.rs.core.SecurityContext;

/** One attachment: its metadata, its bytes, its deletion. Application-scoped like {@code SnippetsResource}, for the same reason. */
@ApplicationScoped
@Path("v1/attachments")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class AttachmentsResource {

    @Inject
    Attachments attachments;

    @Inject
    StreamingPool streaming;

    @Inject
    StagingArea staging;

    /** The largest file an upload takes, so that a client refuses a larger one before sending it. */
    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("limits")
    public ApiResponse<UploadLimitsView> limits() {
        return ApiResponse.of(new UploadLimitsView(staging.maxUploadBytes()));
    }

    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("{attachmentId}")
    public ApiResponse<AttachmentView> get(
            @PathParam("attachmentId") String attachmentId, @Context SecurityContext security) {
        return ApiResponse.of(AttachmentView.of(attachments.get(Caller.of(security), attachmentId)));
    }

    @RequiresScope(Scope.SNIPPETS_WRITE)
    @DELETE
    @Path("{attachmentId}")
    public ApiResponse<Deleted> delete(
            @PathParam("attachmentId") String attachmentId, @Context SecurityContext security) {
        return ApiResponse.of(Deleted.of(attachments.delete(Caller.of(security), attachmentId)));
    }

    /** The exact bytes, or a range of them (see {@link DownloadResponse}), written at the client's pace by a thread not the server's. */
    @RequiresScope(Scope.SNIPPETS_READ)
    @GET
    @Path("{attachmentId}/download")
    @Produces(MediaType.WILDCARD)
    public void download(
            @PathParam("attachmentId") String attachmentId,
            @HeaderParam("Range") String range,
            @HeaderParam("If-Range") String ifRange,
            @Context HttpHeaders headers,
            @Context SecurityContext security,
            @Suspended AsyncResponse answer) {
        Caller caller = Caller.of(security);
        streaming.send(
                answer,
                () -> DownloadResponse.of(
                        attachments.get(caller, attachmentId),
                        ordinal -> attachments.findChunk(attachmentId, ordinal),
                        headers,
                        range,
                        ifRange));
    }
}
