package io.snippetstore.attachments.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.snippetstore.platform.ApiException;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where uploads wait, as files under {@code SNIPPETS_DATA_DIR/staging}, between the network and
 * the database: on the database's disk, so a staged file is never a second copy elsewhere. Each
 * file is deleted by the request that made it; what a crash left behind is cleared on first use.
 */
@ApplicationScoped
public class StagingArea {

    private static final Logger LOG = Logger.getLogger(StagingArea.class.getName());

    @Inject
    @ConfigProperty(name = "SNIPPETS_DATA_DIR", defaultValue = "./data")
    String dataDir;

    @Inject
    @ConfigProperty(name = "SNIPPETS_MAX_UPLOAD_BYTES", defaultValue = "104857600")
    long maxUploadBytes;

    private Path directory;

    @PostConstruct
    void prepare() {
        directory = Path.of(dataDir).toAbsolutePath().normalize().resolve("staging");
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

    /** A new, empty staging file, readable by this process only. */
    public Path newFile() {
        try {
            return Files.createTempFile(directory, "upload-", ".part");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a staging file in " + directory, e);
        }
    }

    public void delete(Path staged) {
        try {
            Files.deleteIfExists(staged);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not delete the staging file " + staged, e);
        }
    }

    public long maxUploadBytes() {
        return maxUploadBytes;
    }

    /** The answer to an upload over the limit. */
    public ApiException tooLarge() {
        return ApiException.payloadTooLarge("An upload may have at most " + maxUploadBytes + " bytes.");
    }
}
