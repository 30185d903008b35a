package io.snippetstore.attachments.boundary;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.util.List;
import java.util.Locale;

import io.snippetstore.attachments.control.StagedFile;
import io.snippetstore.attachments.control.StagingArea;
import io.snippetstore.attachments.control.Upload;
import io.snippetstore.attachments.entity.Attachment;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.MediaType;
import org.apache.commons.fileupload2.core.FileItemInput;
import org.apache.commons.fileupload2.core.FileItemInputIterator;
import org.apache.commons.fileupload2.core.FileUploadSizeException;
import org.apache.commons.fileupload2.core.RequestContext;
import org.apache.commons.fileupload2.jakarta.servlet6.JakartaServletFileUpload;

/**
 * Receives a {@code multipart/form-data} upload as it streams in: the {@code file} part goes
 * straight into a {@link StagedFile}, which checks its size and takes its SHA-256 on the way; the
 * small {@code mimeType} part is read as text; other parts are skipped. Nothing is held in memory
 * but a buffer, and whatever fails, the staged file is gone before the answer.
 */
final class UploadReceiver {

    /** Room for the multipart framing and the {@code mimeType} part beside a file at the limit. */
    static final long MULTIPART_ALLOWANCE = 64 * 1024;

    private static final int MIME_TYPE_PART_MAX_BYTES = Attachment.MIME_TYPE_MAX * 4;
    private static final int BUFFER_BYTES = 64 * 1024;

    private final StagingArea staging;
    private final StagedFile.Progress progress;
    private StagedFile staged;
    private String clientFilename;
    private String fileContentType;
    private String requestedMimeType;

    private UploadReceiver(StagingArea staging, StagedFile.Progress progress) {
        this.staging = staging;
        this.progress = progress;
    }

    /**
     * What the multipart parser reads of {@code request}, taken on the request's own thread (a
     * runtime's {@code HttpServletRequest} may be a proxy for the current request), so that
     * another thread can read the body.
     */
    static RequestContext bodyOf(HttpServletRequest request) throws IOException {
        return new Body(
                request.getContentType(),
                request.getCharacterEncoding(),
                request.getContentLengthLong(),
                request.getInputStream());
    }

    /** The upload, staged, with {@code progress} told of every write; the caller closes it, which deletes the staged bytes. */
    static Upload receive(RequestContext request, StagingArea staging, StagedFile.Progress progress) {
        if (!isMultipartFormData(request.getContentType())) {
            // JAX-RS lets a request without a Content-Type reach a method whatever it consumes
            throw ApiException.unsupportedMediaType(MediaType.MULTIPART_FORM_DATA);
        }
        if (request.getContentLength() > staging.maxUploadBytes() + MULTIPART_ALLOWANCE) {
            throw staging.tooLarge();
        }
        staging.requireRoomFor(request.getContentLength());
        UploadReceiver receiver = new UploadReceiver(staging, progress);
        try {
            receiver.read(request);
        } catch (RuntimeException | IOException e) {
            if (receiver.staged != null) {
                receiver.staged.close();
            }
            throw receiver.failure(e);
        }
        if (receiver.staged == null) {
            throw ApiException.badRequest(
                    "The upload has no file: send it as a multipart part named file.",
                    List.of(new FieldError("file", "is required: a multipart part named file")));
        }
        return new Upload(
                receiver.clientFilename, receiver.requestedMimeType, receiver.fileContentType, receiver.staged);
    }

    private static boolean isMultipartFormData(String contentType) {
        try {
            return contentType != null
                    && MediaType.MULTIPART_FORM_DATA_TYPE.isCompatible(MediaType.valueOf(contentType));
        } catch (IllegalArgumentException unparsable) {
            return false;
        }
    }

    private void read(RequestContext request) throws IOException {
        JakartaServletFileUpload<?, ?> multipart = new JakartaServletFileUpload<>();
        multipart.setHeaderCharset(StandardCharsets.UTF_8);
        multipart.setSizeMax(staging.maxUploadBytes() + MULTIPART_ALLOWANCE);
        FileItemInputIterator parts = multipart.getItemIterator(request);
        while (parts.hasNext()) {
            FileItemInput part = parts.next();
            if ("file".equals(part.getFieldName()) && staged == null) {
                stageFile(part);
            } else if ("mimeType".equals(part.getFieldName()) && requestedMimeType == null) {
                requestedMimeType = text(part);
            }
        }
    }

    private void stageFile(FileItemInput part) throws IOException {
        clientFilename = clientFilename(part);
        fileContentType = part.getContentType();
        staged = staging.newFile(progress);
        byte[] buffer = new byte[BUFFER_BYTES];
        try (InputStream in = part.getInputStream()) {
            // whole buffers: the parser hands out at most its own 4 KiB at a time, and each write
            // into the staging file is a system call
            for (int read = in.readNBytes(buffer, 0, buffer.length);
                    read > 0;
                    read = in.readNBytes(buffer, 0, buffer.length)) {
                staged.write(buffer, read);
            }
        }
        staged.finish();
    }

    /**
     * The filename the client gave, as sent: the parser refuses to hand back a name holding a NUL
     * character (as a file system path it would be cut short there), but {@link
     * io.snippetstore.attachments.control.Filenames} drops control characters anyway.
     */
    private static String clientFilename(FileItemInput part) {
        try {
            return part.getName();
        } catch (InvalidPathException e) {
            return e.getInput();
        }
    }

    private static String text(FileItemInput part) throws IOException {
        try (InputStream in = part.getInputStream()) {
            byte[] bytes = in.readNBytes(MIME_TYPE_PART_MAX_BYTES + 1);
            if (bytes.length > MIME_TYPE_PART_MAX_BYTES) {
                throw ApiException.validationFailed(List.of(
                        new FieldError("mimeType", "must be at most " + Attachment.MIME_TYPE_MAX + " characters")));
            }
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /** What the client hears: its own mistake as it was, a body over the limit as 413, anything unreadable as 400. */
    private RuntimeException failure(Exception cause) {
        if (cause instanceof ApiException apiException) {
            return apiException;
        }
        for (Throwable reason = cause; reason != null; reason = reason.getCause()) {
            if (reason instanceof FileUploadSizeException) {
                return staging.tooLarge();
            }
        }
        if (cause instanceof IOException) {
            return ApiException.badRequest("The multipart body could not be read: it is malformed or ended early.");
        }
        return (RuntimeException) cause;
    }

    private record Body(String contentType, String characterEncoding, long contentLength, InputStream body)
            implements RequestContext {

        @Override
        public String getContentType() {
            return contentType;
        }

        @Override
        public String getCharacterEncoding() {
            return characterEncoding;
        }

        /** -1 when the request does not say (a chunked body). */
        @Override
        public long getContentLength() {
            return contentLength;
        }

        @Override
        public InputStream getInputStream() {
            return body;
        }

        @Override
        public boolean isMultipartRelated() {
            return contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("multipart/related");
        }
    }
}
