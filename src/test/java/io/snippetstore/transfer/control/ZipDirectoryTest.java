package io.snippetstore.transfer.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import io.snippetstore.platform.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The end record of an import's ZIP, checked before ZipFile reads its directory into memory. */
class ZipDirectoryTest {

    @TempDir
    Path directory;

    private Path zip(int entries, String comment) throws IOException {
        Path file = directory.resolve("archive-" + entries + ".zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(file))) {
            for (int i = 0; i < entries; i++) {
                out.putNextEntry(new ZipEntry("e" + i));
                out.write(i);
                out.closeEntry();
            }
            if (comment != null) {
                out.setComment(comment);
            }
        }
        return file;
    }

    /** Overwrites the entry count and directory size of the end record, as a crafted archive would claim them. */
    private static void claim(Path zip, int entries, long directoryBytes) throws IOException {
        byte[] bytes = Files.readAllBytes(zip);
        ByteBuffer end = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int at = bytes.length - 22;
        end.putShort(at + 8, (short) entries).putShort(at + 10, (short) entries).putInt(at + 12, (int) directoryBytes);
        Files.write(zip, bytes);
    }

    private static String refusal(Path zip, long maxEntries, long maxDirectoryBytes) {
        ApiException refused =
                assertThrows(ApiException.class, () -> ZipDirectory.requireWithin(zip, maxEntries, maxDirectoryBytes));
        assertEquals("invalid_archive", refused.code());
        return refused.getMessage();
    }

    @Test
    void anArchiveWithinTheLimitsPasses() throws IOException {
        ZipDirectory.requireWithin(zip(10, null), 10, 1024);
        ZipDirectory.requireWithin(zip(3, "a comment"), 10, 1024);
    }

    @Test
    void moreEntriesThanTheLimitAreRefusedFromTheEndRecordAlone() throws IOException {
        String message = refusal(zip(11, null), 10, 1024 * 1024);

        assertTrue(message.contains("more than 10 entries"), message);
    }

    @Test
    void anEndRecordClaimingAHugeDirectoryIsRefusedBeforeAnythingReadsIt() throws IOException {
        Path crafted = zip(1, null);
        claim(crafted, 1, 0xFFFF_FFF0L);

        assertTrue(refusal(crafted, 10, 1024).contains("1024 bytes"));
    }

    @Test
    void aFakeEndRecordInTheCommentDoesNotHideTheRealOne() throws IOException {
        // the comment's last 22 bytes look like an end record with no entries, but its comment length does not reach
        // the file's end
        String fake = new String(new byte[] {0x50, 0x4b, 0x05, 0x06}, java.nio.charset.StandardCharsets.ISO_8859_1)
                + "\0".repeat(16) + "\u0005\0";
        Path archive = zip(20, fake);

        assertTrue(refusal(archive, 10, 1024 * 1024).contains("more than 10 entries"));
    }

    @Test
    void aBodyWithoutAnEndRecordIsNotAZipArchive() throws IOException {
        Path text = Files.writeString(directory.resolve("plain.zip"), "not a zip at all");

        assertTrue(refusal(text, 10, 1024).contains("not a ZIP archive"));
    }
}
