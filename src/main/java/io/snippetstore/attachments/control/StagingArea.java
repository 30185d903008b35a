package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Settings;
import io.snippetstore.storage.control.DataDirectory;
import io.snippetstore.storage.control.DiskSpace;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where uploads wait, as {@link StagedFile}s under {@code SNIPPETS_DATA_DIR/staging}, between the
 * network and the database: on the database's disk, so a staged file is never a second copy
 * elsewhere. Each file is deleted by the request that made it; what a crash left behind is
 * cleared on first use.
 */
@ApplicationScoped
public class StagingArea {

    private static final Logger LOG = Logger.getLogger(StagingArea.class.getName());

    @Inject
    DataDirectory dataDirectory;

    @Inject
    @ConfigProperty(name = Settings.MAX_UPLOAD_BYTES, defaultValue = Settings.MAX_UPLOAD_BYTES_DEFAULT)
    long maxUploadBytes;

    @Inject
    DiskSpace disk;

    private Path directory;

    @PostConstruct
    void prepare() {
        directory = dataDirectory.path().resolve("staging");
        try {
            Files.createDirectories(directory);
            try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(directory, "upload-*")) {
                for (Path leftover : leftovers) {
                    Files.deleteIfExists(leftover);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare the upload staging directory " + directory, e);
        }
    }

    /** A new, empty staging file, readable by this process only; the caller closes it. */
    public StagedFile newFile() {
        return newFile(file -> {});
    }

    /** A new, empty staging file that tells {@code progress} of every write; the caller closes it. */
    public StagedFile newFile(StagedFile.Progress progress) {
        Path path;
        try {
            path = Files.createTempFile(directory, "upload-", ".part");
        } catch (IOException e) {
            throw writeFailed(directory, e);
        }
        return new StagedFile(this, path, progress);
    }

    void delete(Path staged) {
        try {
            Files.deleteIfExists(staged);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not delete the staging file " + staged, e);
        }
    }

    /**
     * Refuses (503) an upload of about {@code declaredBytes} that the disk cannot take: it is
     * staged, then copied into the database's write-ahead log, then checkpointed into the
     * database file, so it needs about three times its size before the staging copy is deleted.
     */
    public void requireRoomFor(long declaredBytes) {
        disk.requireRoomFor(3 * Math.max(0, declaredBytes));
    }

    /** What a failed write into a staging file means for the client: the service cannot take the upload now. */
    ApiException writeFailed(Path staged, IOException cause) {
        LOG.log(Level.WARNING, "Writing the staging file " + staged + " failed", cause);
        return disk.isLow()
                ? DiskSpace.full()
                : ApiException.unavailable("The upload could not be stored; nothing was kept.");
    }

    public long maxUploadBytes() {
        return maxUploadBytes;
    }

    /** The answer to an upload over the limit. */
    public ApiException tooLarge() {
        return ApiException.payloadTooLarge("An upload may have at most " + maxUploadBytes + " bytes.");
    }
}
