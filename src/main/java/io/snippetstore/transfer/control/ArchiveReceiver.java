package io.snippetstore.transfer.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Logger;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.CallerScopes;
import io.snippetstore.platform.ConcurrencyLimit;
import io.snippetstore.platform.Settings;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.storage.control.DataDirectory;
import io.snippetstore.storage.control.DiskSpace;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Receives an import's archive onto the disk beside the database, at its client's pace, then has
 * {@link Imports} take it in. The receiving holds no bean instance: WildFly pools each stateless
 * bean's instances (16 a core), so importers that stall half-way through sending would otherwise
 * keep every other import waiting.
 */
@ApplicationScoped
public class ArchiveReceiver {

    private static final Logger LOG = Logger.getLogger(ArchiveReceiver.class.getName());
    private static final int BUFFER_BYTES = 64 * 1024;
    private static final String ALL = "imports";
    private static final Duration RETRY_AFTER = Duration.ofSeconds(5);

    /**
     * One import at a time for the whole service, from its check to its last write: its plan (the
     * archive's texts, up to {@code SNIPPETS_IMPORT_MAX_TEXT_BYTES}) is held in memory until then.
     * Receiving onto the disk needs no place, so a slow sender keeps no one else waiting.
     */
    private final ConcurrencyLimit places = new ConcurrencyLimit(1, 1, Duration.ZERO);

    @Inject
    Imports imports;

    @Inject
    DataDirectory dataDirectory;

    @Inject
    DiskSpace disk;

    @Inject
    @ConfigProperty(name = Settings.MAX_IMPORT_BYTES, defaultValue = Settings.MAX_IMPORT_BYTES_DEFAULT)
    long maxImportBytes;

    public ImportReport receive(Caller caller, InputStream archive, ImportOptions options) {
        CallerScopes.requireAllCollections(caller, "an import");
        disk.requireRoomFor(0);
        Path received = null;
        try {
            received = Files.createTempFile(dataDirectory.path(), ".import-", ".zip");
            copyBounded(archive, received);
            try (ConcurrencyLimit.Permit place =
                    places.tryEnter(ALL).orElseThrow(() -> ApiException.busy("imports", RETRY_AFTER))) {
                return imports.importArchive(caller, received, options);
            }
        } catch (IOException e) {
            throw disk.isLow() ? DiskSpace.full() : ApiException.badRequest("The archive could not be received.");
        } finally {
            if (received != null) {
                try {
                    Files.deleteIfExists(received);
                } catch (IOException e) {
                    LOG.warning(() -> "Could not delete a received archive: " + e);
                }
            }
        }
    }

    private void copyBounded(InputStream archive, Path target) throws IOException {
        byte[] buffer = new byte[BUFFER_BYTES];
        long total = 0;
        try (OutputStream out = Files.newOutputStream(target)) {
            for (int read = archive.read(buffer); read >= 0; read = archive.read(buffer)) {
                total += read;
                if (total > maxImportBytes) {
                    throw ApiException.payloadTooLarge(
                            "An import archive may have at most " + maxImportBytes + " bytes.");
                }
                out.write(buffer, 0, read);
            }
        }
    }
}
