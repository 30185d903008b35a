package io.snippetstore.attachments.control;

/**
 * A received upload: its bytes in the staging area, and the client's description of them.
 * Closing it deletes the staged bytes.
 *
 * @param clientFilename the {@code file} part's filename, or null
 * @param requestedMimeType the {@code mimeType} part, or null
 * @param fileContentType the {@code Content-Type} the client sent with the {@code file} part, or null
 * @param file the finished staging file
 */
public record Upload(String clientFilename, String requestedMimeType, String fileContentType, StagedFile file)
        implements AutoCloseable {

    /** The filename to keep: the client's, made safe (docs/API.md, "Attachments"). */
    public String filename() {
        return Filenames.sanitize(clientFilename);
    }

    /** The media type to keep: the one asked for, else the file part's, else the extension's. */
    public String mimeType() {
        return MimeTypes.decide(requestedMimeType, fileContentType, filename());
    }

    @Override
    public void close() {
        file.close();
    }
}
