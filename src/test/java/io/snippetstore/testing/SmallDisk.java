package io.snippetstore.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;

/**
 * A tmpfs of a test class's own under {@code target/}, for a data directory whose disk really
 * fills up. Mounting needs root, as CI has; elsewhere the class is skipped.
 */
public final class SmallDisk implements AutoCloseable {

    private final Path path;

    private SmallDisk(Path path) {
        this.path = path;
    }

    /** Mounts a tmpfs of {@code size} (as mount's option reads it: {@code 40m}) at {@code target/<name>}. */
    public static SmallDisk mount(String name, String size) throws IOException, InterruptedException {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root");
        Path path = Files.createDirectories(Path.of("target", name).toAbsolutePath());
        run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", path.toString());
        return new SmallDisk(path);
    }

    public Path path() {
        return path;
    }

    /** Writes to {@code file} on this disk until the file system refuses, as another program on the same disk would. */
    public void fill(Path file) throws IOException {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            assertTrue(Files.getFileStore(path).getUsableSpace() < block.length, full::toString);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run("umount", path.toString());
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, process.waitFor(), String.join(" ", command));
    }
}
