package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import io.snippetstore.platform.Secrets;

/**
 * An upload's bytes in the staging area, from the first byte received to their deletion: the size
 * is checked against the limit and the SHA-256 taken while they are written, and closing deletes
 * the file, whatever happened. Made only by {@link StagingArea#newFile()}.
 */
public final class StagedFile implements AutoCloseable {

    private final StagingArea area;
    private final Path path;
    private final Progress progress;
    private final OutputStream out;
    private final MessageDigest digest = Secrets.newSha256();
    private long size;
    private String sha256;

    /** Told, on the receiving thread, each time more bytes are staged; it may refuse the upload by throwing. */
    @FunctionalInterface
    public interface Progress {

        void staged(StagedFile file);
    }

    StagedFile(StagingArea area, Path path, Progress progress) {
        this.area = area;
        this.path = path;
        this.progress = progress;
        try {
            this.out = Files.newOutputStream(path);
        } catch (IOException e) {
            area.delete(path);
            throw area.writeFailed(path, e);
        }
    }

    /** Appends bytes as they arrive: 413 once the limit is passed, 503 when the disk does not take them. */
    public void write(byte[] buffer, int length) {
        size += length;
        if (size > area.maxUploadBytes()) {
            throw area.tooLarge();
        }
        digest.update(buffer, 0, length);
        try {
            out.write(buffer, 0, length);
        } catch (IOException e) {
            throw area.writeFailed(path, e);
        }
        progress.staged(this);
    }

    /** Every byte has arrived: the file is complete, and its size and SHA-256 known. */
    public void finish() {
        try {
            out.close();
        } catch (IOException e) {
            throw area.writeFailed(path, e);
        }
        sha256 = HexFormat.of().formatHex(digest.digest());
    }

    /** The bytes staged so far; all of them once {@link #finish()}ed. */
    public long size() {
        return size;
    }

    /** Lower-case hex; known once {@link #finish()}ed. */
    public String sha256() {
        if (sha256 == null) {
            throw new IllegalStateException("The staged file is not finished");
        }
        return sha256;
    }

    /** Fails unless {@code copied} bytes, copied from here, are every byte staged. */
    void requireCopied(long copied) {
        if (copied != size) {
            throw new IllegalStateException("The staged upload has " + size + " bytes, not the " + copied + " copied");
        }
    }

    /** The staged bytes from the first: those staged so far, or all once finished. */
    InputStream read() throws IOException {
        return Files.newInputStream(path);
    }

    /** Deletes the file; its bytes are in the database by now, or were not wanted. */
    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            // the write that failed has already been answered; the file goes anyway
        }
        area.delete(path);
    }
}
