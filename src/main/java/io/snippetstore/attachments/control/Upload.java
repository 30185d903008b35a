package io.snippetstore.attachments.control;

import java.nio.file.Path;

/**
 * A received upload: its bytes in a staging file, with the size and SHA-256 taken while they
 * arrived, and the client's description of them.
 *
 * @param clientFilename the {@code file} part's filename, or null
 * @param requestedMimeType the {@code mimeType} part, or null
 * @param fileContentType the {@code Content-Type} the client sent with the {@code file} part, or null
 * @param staged the file holding the bytes
 * @param size the number of bytes
 * @param sha256 their SHA-256, in lower-case hex
 */
public record Upload(String clientFilename, String requestedMimeType, String fileContentType, Path staged, long size, String sha256) {
}
