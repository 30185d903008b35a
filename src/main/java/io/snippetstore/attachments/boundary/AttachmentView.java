package io.snippetstore.attachments.boundary;

import io.snippetstore.attachments.control.AttachmentData;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** An attachment on the wire: the blob download metadata. */
@JsonbPropertyOrder({"id", "snippetId", "filename", "mimeType", "size", "sha256", "createdAt", "downloadUrl"})
public record AttachmentView(
        String id,
        String snippetId,
        String filename,
        String mimeType,
        long size,
        String sha256,
        String createdAt,
        String downloadUrl) {

    static AttachmentView of(AttachmentData attachment) {
        return withDownloadUrl(attachment, "/api/v1/attachments/" + attachment.id() + "/download");
    }

    /** As a share link shows it: downloaded through the link. */
    static AttachmentView shared(AttachmentData attachment, String secret) {
        return withDownloadUrl(
                attachment, "/api/v1/shared/" + secret + "/attachments/" + attachment.id() + "/download");
    }

    /** An attachment of a snippet opened by a collection's share link. */
    static AttachmentView sharedInCollection(AttachmentData attachment, String secret) {
        return withDownloadUrl(
                attachment,
                "/api/v1/shared-collections/" + secret + "/snippets/" + attachment.snippetId() + "/attachments/"
                        + attachment.id() + "/download");
    }

    private static AttachmentView withDownloadUrl(AttachmentData attachment, String downloadUrl) {
        return new AttachmentView(
                attachment.id(),
                attachment.snippetId(),
                attachment.filename(),
                attachment.mimeType(),
                attachment.size(),
                attachment.sha256(),
                Timestamps.format(attachment.createdAt()),
                downloadUrl);
    }
}
