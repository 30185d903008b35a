package io.snippetstore.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Files only their owner may read, for what holds tokens or the titles of private snippets: written
 * to a new owner-only file beside the old one (in an owner-only folder made if missing), then moved
 * over it, so that it is never readable by others nor half written.
 */
final class OwnerOnlyFiles {

    private OwnerOnlyFiles() {}

    /** Whether this file system has POSIX permissions (elsewhere the folder's own rules apply). */
    static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    static void write(Path file, String content) throws IOException {
        Path directory = file.getParent();
        if (!Files.exists(directory)) {
            if (posix()) {
                Files.createDirectories(
                        directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } else {
                Files.createDirectories(directory);
            }
        }
        String name = file.getFileName().toString();
        Path written = posix()
                ? Files.createTempFile(
                        directory,
                        name,
                        ".part",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))
                : Files.createTempFile(directory, name, ".part");
        Files.writeString(written, content, StandardCharsets.UTF_8);
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
