package io.snippetstore.attachments.boundary;

import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

import io.snippetstore.attachments.boundary.ByteRange.Part;
import io.snippetstore.attachments.boundary.ByteRange.Selection;
import io.snippetstore.attachments.boundary.ByteRange.Unsatisfiable;
import io.snippetstore.attachments.control.AttachmentData;
import io.snippetstore.attachments.control.HeldChunks;
import io.snippetstore.platform.ApiException;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

/**
 * The HTTP answer to a download: the bytes (or one range of them) as an attachment that a browser
 * will neither render nor sniff. The ETag is the content's SHA-256, so {@code If-Match},
 * {@code If-None-Match} and {@code If-Range} need no state of their own. The conditions are read
 * here rather than by {@code Request.evaluatePreconditions}, which fails on a malformed entity tag
 * where RFC 9110 asks only that it match nothing.
 */
final class DownloadResponse {

    private DownloadResponse() {}

    /** @param chunks reads the attachment's chunk of an ordinal, empty once the attachment is gone */
    static Response of(
            AttachmentData attachment,
            LongFunction<Optional<List<byte[]>>> chunks,
            HttpHeaders headers,
            String range,
            String ifRange) {
        EntityTag etag = new EntityTag(attachment.sha256());
        String ifMatch = headers.getHeaderString(HttpHeaders.IF_MATCH);
        if (ifMatch != null && !EntityTagList.matches(ifMatch, attachment.sha256(), false)) {
            throw ApiException.preconditionFailed("If-Match does not match the attachment's ETag.");
        }
        String ifNoneMatch = headers.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        if (ifNoneMatch != null && EntityTagList.matches(ifNoneMatch, attachment.sha256(), true)) {
            return Response.notModified(etag).build();
        }
        boolean rangeApplies = ifRange == null || ifRange.strip().equals(etag.toString());
        Selection selection = rangeApplies ? ByteRange.select(range, attachment.size()) : new ByteRange.Whole();
        if (selection instanceof Unsatisfiable) {
            throw ApiException.rangeNotSatisfiable(attachment.size());
        }
        ByteRange bytes = selection instanceof Part part ? part.range() : new ByteRange(0, attachment.size() - 1);
        Response.ResponseBuilder response = selection instanceof Part
                ? Response.status(Response.Status.PARTIAL_CONTENT)
                        .header("Content-Range", bytes.contentRange(attachment.size()))
                : Response.ok();
        return response.entity(new ChunkedDownload(chunks, bytes, HeldChunks.SHARED))
                .type(attachment.mimeType())
                .header(HttpHeaders.CONTENT_LENGTH, bytes.length())
                .header("Content-Disposition", ContentDisposition.attachment(attachment.filename()))
                .tag(etag)
                .header("Accept-Ranges", "bytes")
                .header("Content-Security-Policy", "sandbox")
                .build();
    }
}
