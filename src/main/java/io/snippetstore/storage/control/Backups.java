package io.snippetstore.storage.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import org.flywaydb.core.api.FlywayException;

/**
 * Online backups and restores of the whole database, under {@code SNIPPETS_DATA_DIR/backups}.
 * A backup is {@code VACUUM INTO} a new file: a consistent snapshot taken in a read transaction,
 * so writes go on meanwhile. A restore checks the file first ({@link BackupCheck}), keeps the
 * current database as a backup, and copies the file in while holding the writer's gate.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Backups {

    private static final Logger LOG = Logger.getLogger(Backups.class.getName());

    public static final String DIRECTORY = "backups";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,200}\\.db");
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final String BACKUP_PREFIX = "snippets-";
    private static final String SAFETY_PREFIX = "before-restore-";
    private static final int UPLOAD_BUFFER_BYTES = 64 * 1024;
    /** How often, in bytes received, an upload for a restore asks whether the disk still has room. */
    private static final long DISK_CHECK_EVERY_BYTES = 4L * 1024 * 1024;

    @Inject
    DataDirectory dataDirectory;

    @Inject
    Database database;

    @Inject
    DiskSpace disk;

    @Inject
    WriteGate gate;

    @Inject
    DatabaseMigrations migrations;

    @Inject
    Event<AuditEvent> audit;

    @Inject
    Event<StoreReplacing> replacingEvent;

    @Inject
    Event<StoreReplaced> replaced;

    public BackupFile take(Caller caller) {
        BackupFile backup = snapshot(BACKUP_PREFIX);
        audit.fire(AuditEvent.success(caller, AuditEvent.BACKUP_TAKEN, backup.name(), backup.sizeBytes() + " bytes"));
        return backup;
    }

    /** Every backup, newest first. */
    public List<BackupFile> list() {
        try (Stream<Path> files = Files.list(directory())) {
            return files.filter(
                            file -> NAME.matcher(file.getFileName().toString()).matches())
                    .map(Backups::describe)
                    .sorted(Comparator.comparing(BackupFile::createdAt)
                            .thenComparing(BackupFile::name)
                            .reversed())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("The backups cannot be listed", e);
        }
    }

    public BackupFile get(String name) {
        return describe(file(name));
    }

    /** The file of a backup, to download it; an unknown or malformed name is a 404. */
    public Path file(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw ApiException.notFound();
        }
        Path file = directory().resolve(name);
        if (!Files.isRegularFile(file)) {
            throw ApiException.notFound();
        }
        return file;
    }

    public void delete(Caller caller, String name) {
        try {
            Files.delete(file(name));
        } catch (IOException e) {
            throw new UncheckedIOException("The backup " + name + " cannot be deleted", e);
        }
        audit.fire(AuditEvent.success(caller, AuditEvent.BACKUP_DELETED, name, null));
    }

    /** Restores a backup kept under the backups directory. */
    public Restored restore(Caller caller, String name) {
        return restoreFrom(caller, file(name), name);
    }

    /**
     * Restores a database file sent by the client: written beside the backups first, deleted after.
     * It is received only while the disk keeps room for it twice over the free-space floor (the
     * restore copies it into the database): a larger one is refused while it arrives, not after.
     */
    public Restored restoreUpload(Caller caller, InputStream content) {
        disk.requireRoomFor(0);
        Path upload = directory().resolve(".upload-" + Ids.next() + ".partial");
        try {
            receive(content, upload);
            return restoreFrom(caller, upload, "an uploaded file");
        } catch (IOException e) {
            throw disk.isLow() ? DiskSpace.full() : ApiException.badRequest("The file could not be received.");
        } finally {
            deleteQuietly(upload);
        }
    }

    private void receive(InputStream content, Path upload) throws IOException {
        byte[] buffer = new byte[UPLOAD_BUFFER_BYTES];
        long received = 0;
        try (OutputStream out = Files.newOutputStream(upload, StandardOpenOption.CREATE_NEW)) {
            for (int read = content.read(buffer); read >= 0; read = content.read(buffer)) {
                out.write(buffer, 0, read);
                received += read;
                if (received % DISK_CHECK_EVERY_BYTES < read) {
                    disk.requireRoomFor(received);
                }
            }
        }
        disk.requireRoomFor(received);
    }

    private Restored restoreFrom(Caller caller, Path file, String source) {
        String version = BackupCheck.require(file, migrations.targetVersion(), pageSize());
        Optional<Path> migrated = version.equals(migrations.targetVersion())
                ? Optional.empty()
                : Optional.of(migratedCopy(file, version));
        gate.enter();
        BackupFile previous;
        try {
            StoreReplacing replacing = new StoreReplacing(
                    caller.authMethod() == Caller.AuthMethod.SESSION ? caller.credentialId() : Optional.empty());
            replacingEvent.fire(replacing);
            previous = snapshot(SAFETY_PREFIX);
            database.replaceWith(migrated.orElse(file));
            migrations.bringUpToDate(); // finds nothing to do: the file came at this build's schema or was migrated
            replacing.runStepsAfterReplacement();
        } finally {
            gate.leave();
            migrated.ifPresent(Backups::deleteQuietly);
        }
        replaced.fire(new StoreReplaced(source));
        LOG.info(() -> "Restored the database from " + source + " (schema version " + version
                + "); the previous one is kept as " + previous.name());
        audit.fire(AuditEvent.success(
                caller, AuditEvent.BACKUP_RESTORED, source, "previous database kept as " + previous.name()));
        return new Restored(source, version, previous);
    }

    /**
     * A copy of a backup of an older schema, migrated to this build's beside the backups, so that
     * it replaces the database already migrated (the file itself is left as it was).
     */
    private Path migratedCopy(Path file, String version) {
        long size;
        Path copy = directory().resolve(".migrating-" + Ids.next() + ".db");
        try {
            size = Files.size(file);
            disk.requireRoomOnDiskFor(size);
            Files.copy(file, copy);
        } catch (IOException e) {
            deleteQuietly(copy);
            throw disk.isLow() ? DiskSpace.full() : new UncheckedIOException("An older backup could not be copied", e);
        }
        try {
            migrations.bringUpToDate(copy);
            return copy;
        } catch (FlywayException e) {
            deleteQuietly(copy);
            disk.requireRoomOnDiskFor(size); // a migration that ran out of disk is no fault of the file
            LOG.log(Level.WARNING, "A backup of schema version " + version + " could not be migrated", e);
            throw ApiException.invalidBackup("The file's data cannot be migrated from schema version " + version
                    + " to this build's: a migration refused it. Nothing was changed.");
        } catch (RuntimeException e) {
            deleteQuietly(copy);
            throw e;
        }
    }

    /** What a restore did: where the data came from, its schema version before migrating, and where the replaced data is kept. */
    public record Restored(String restoredFrom, String schemaVersion, BackupFile previous) {}

    private BackupFile snapshot(String prefix) {
        long copyBytes = disk.bytesUsedInDatabase();
        disk.requireRoomOnDiskFor(copyBytes);
        String name = prefix + STAMP.format(Timestamps.now()) + ".db";
        Path target = directory().resolve(name);
        Path partial = directory().resolve("." + name + ".partial");
        try {
            database.copyTo(partial);
            try (FileChannel written = FileChannel.open(partial, StandardOpenOption.WRITE)) {
                written.force(true);
            }
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            return describe(target);
        } catch (IOException | IllegalStateException e) {
            deleteQuietly(partial);
            disk.requireRoomOnDiskFor(copyBytes); // the disk filled meanwhile
            throw new IllegalStateException("The backup " + name + " could not be written", e);
        }
    }

    private long pageSize() {
        return database.first("PRAGMA page_size", List.of(), row -> row.getLong(1))
                .orElseThrow();
    }

    private Path directory() {
        try {
            return Files.createDirectories(dataDirectory.path().resolve(DIRECTORY));
        } catch (IOException e) {
            throw new UncheckedIOException("The backups directory cannot be created", e);
        }
    }

    private static BackupFile describe(Path file) {
        try {
            return new BackupFile(
                    file.getFileName().toString(),
                    Files.size(file),
                    Instant.ofEpochMilli(Files.getLastModifiedTime(file).toMillis()));
        } catch (IOException e) {
            throw new UncheckedIOException("The backup " + file.getFileName() + " cannot be read", e);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warning(() -> "Could not delete " + file + ": " + e);
        }
    }
}
