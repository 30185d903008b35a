package io.snippetstore.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;

/**
 * Writes an export archive (docs/API.md, "Export and import") of generated snippets, each with
 * one attachment of random bytes, to a file: for tests that need an import large enough to watch
 * while it runs. Entries are stored, not compressed, so that writing a large one is quick.
 */
public final class ImportArchive {

    private ImportArchive() {}

    public static Path write(Path file, int snippets, int attachmentBytes) throws IOException {
        Random random = new Random(snippets);
        byte[] bytes = new byte[attachmentBytes];
        JsonArrayBuilder paths = Json.createArrayBuilder();
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            zip.setLevel(Deflater.NO_COMPRESSION);
            for (int n = 0; n < snippets; n++) {
                random.nextBytes(bytes);
                String attachmentPath = "attachments/a" + n;
                put(zip, attachmentPath, bytes);
                String documentPath = "snippets/s" + n + ".json";
                put(
                        zip,
                        documentPath,
                        Json.createObjectBuilder()
                                .add("id", "s" + n)
                                .add("title", "imported " + n)
                                .add("language", "text")
                                .add("code", "code of snippet " + n)
                                .add("tags", Json.createArrayBuilder().add("imported"))
                                .add("visibility", "private")
                                .add(
                                        "attachments",
                                        Json.createArrayBuilder()
                                                .add(Json.createObjectBuilder()
                                                        .add("path", attachmentPath)
                                                        .add("filename", "random-" + n + ".bin")
                                                        .add("mimeType", "application/octet-stream")
                                                        .add("size", attachmentBytes)
                                                        .add("sha256", sha256(bytes))))
                                .build()
                                .toString()
                                .getBytes(StandardCharsets.UTF_8));
                paths.add(documentPath);
            }
            put(
                    zip,
                    "manifest.json",
                    Json.createObjectBuilder()
                            .add("format", "snippet-store-export")
                            .add("version", 1)
                            .add("snippetCount", snippets)
                            .add("attachmentCount", snippets)
                            .add("snippets", paths)
                            .build()
                            .toString()
                            .getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    private static void put(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(bytes);
        zip.closeEntry();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
