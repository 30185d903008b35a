package io.snippetstore.storage.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;

/**
 * Deletes at start what a stopped run left half written beside the backups: a backup or the copy
 * kept before a restore ({@code .<name>.partial}), an upload for a restore
 * ({@code .upload-<id>.partial}), an older backup being migrated ({@code .migrating-<id>.db} and
 * its journal). None of them is a backup, none is listed, and each may be as large as the database.
 */
@Singleton
@Startup
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class UnfinishedBackupFiles {

    private static final Logger LOG = Logger.getLogger(UnfinishedBackupFiles.class.getName());

    /** The names {@link Backups} gives its files until they are complete: hidden, and never a backup's name. */
    static final Pattern UNFINISHED = Pattern.compile("\\..+\\.(partial|db|db-journal|db-wal|db-shm)");

    @Inject
    DataDirectory dataDirectory;

    @PostConstruct
    void atStart() {
        Path backups = dataDirectory.path().resolve(Backups.DIRECTORY);
        if (!Files.isDirectory(backups)) {
            return;
        }
        List<Path> unfinished;
        try (Stream<Path> files = Files.list(backups)) {
            unfinished = files.filter(file ->
                            UNFINISHED.matcher(file.getFileName().toString()).matches())
                    .toList();
        } catch (IOException e) {
            LOG.log(Level.WARNING, "The backups directory could not be read for unfinished files", e);
            return;
        }
        int removed = 0;
        for (Path file : unfinished) {
            try {
                Files.deleteIfExists(file);
                removed++;
            } catch (IOException e) {
                LOG.log(Level.WARNING, "Could not delete the unfinished file " + file, e);
            }
        }
        if (removed > 0) {
            int total = removed;
            LOG.info(() -> "Removed " + total + " unfinished file(s) from the backups directory.");
        }
    }
}
