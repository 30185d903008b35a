package io.snippetstore.attachments.control;

import java.time.Instant;

import io.snippetstore.attachments.entity.Attachment;

/** An attachment's metadata as the use cases hand it out. */
public record AttachmentData(
        String id, String snippetId, String filename, String mimeType, long size, String sha256, Instant createdAt) {

    static AttachmentData of(Attachment attachment) {
        return new AttachmentData(
                attachment.id(),
                attachment.snippetId(),
                attachment.filename(),
                attachment.mimeType(),
                attachment.size(),
                attachment.sha256(),
                attachment.createdAt());
    }
}
