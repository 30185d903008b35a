package io.snippetstore.attachments.boundary;

import java.util.List;
import java.util.Map;

import io.snippetstore.attachments.boundary.ByteRange.Part;
import io.snippetstore.attachments.boundary.ByteRange.Selection;
import io.snippetstore.attachments.boundary.ByteRange.Unsatisfiable;
import io.snippetstore.attachments.control.AttachmentData;
import io.snippetstore.attachments.control.Attachments;
import io.snippetstore.auth.boundary.Authenticated;
import io.snippetstore.auth.boundary.Callers;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.ApiResponse;
import io.snippetstore.platform.Deleted;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

/** One attachment: its metadata, its bytes, its deletion. */
@Path("v1/attachments")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class AttachmentsResource {

    @Inject
    Attachments attachments;

    @Context
    SecurityContext security;

    @GET
    @Path("{attachmentId}")
    public ApiResponse<AttachmentView> get(@PathParam("attachmentId") String attachmentId) {
        return ApiResponse.of(AttachmentView.of(attachments.get(owner(), attachmentId)));
    }

    @DELETE
    @Path("{attachmentId}")
    public ApiResponse<Deleted> delete(@PathParam("attachmentId") String attachmentId) {
        return ApiResponse.of(Deleted.of(attachments.delete(owner(), attachmentId)));
    }

    /**
     * The exact bytes, as a download that a browser will neither render nor sniff. The ETag is
     * the content's SHA-256, so {@code If-None-Match} and {@code If-Range} need no extra state.
     */
    @GET
    @Path("{attachmentId}/download")
    @Produces(MediaType.WILDCARD)
    public Response download(@PathParam("attachmentId") String attachmentId, @HeaderParam("Range") String range,
                             @HeaderParam("If-Range") String ifRange, @Context Request request) {
        AttachmentData attachment = attachments.get(owner(), attachmentId);
        EntityTag etag = new EntityTag(attachment.sha256());
        Response.ResponseBuilder precondition = request.evaluatePreconditions(etag);
        if (precondition != null) {
            Response unchangedOrFailed = precondition.tag(etag).build();
            if (unchangedOrFailed.getStatus() == Response.Status.PRECONDITION_FAILED.getStatusCode()) {
                throw new ApiException(412, "precondition_failed", "If-Match does not match the attachment's ETag.");
            }
            return unchangedOrFailed;
        }
        boolean rangeApplies = ifRange == null || ifRange.strip().equals(etag.toString());
        Selection selection = rangeApplies ? ByteRange.select(range, attachment.size()) : new ByteRange.Whole();
        if (selection instanceof Unsatisfiable) {
            throw new ApiException(416, "range_not_satisfiable", "The file has " + attachment.size() + " bytes; the range asks for none of them.",
                    List.of(), Map.of("Content-Range", "bytes */" + attachment.size()));
        }
        ByteRange bytes = selection instanceof Part part ? part.range() : new ByteRange(0, attachment.size() - 1);
        Response.ResponseBuilder response = selection instanceof Part
                ? Response.status(Response.Status.PARTIAL_CONTENT).header("Content-Range", bytes.contentRange(attachment.size()))
                : Response.ok();
        return response
                .entity(new ChunkedDownload(attachments, attachment.id(), bytes))
                .type(attachment.mimeType())
                .header(HttpHeaders.CONTENT_LENGTH, bytes.length())
                .header("Content-Disposition", ContentDisposition.attachment(attachment.filename()))
                .tag(etag)
                .header("Accept-Ranges", "bytes")
                .header("Cache-Control", "private, no-cache")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", "sandbox")
                .build();
    }

    private String owner() {
        return Callers.of(security).userId();
    }
}
