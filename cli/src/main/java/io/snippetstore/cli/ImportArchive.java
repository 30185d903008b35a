package io.snippetstore.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;

/**
 * The service's own export archive (docs/API.md, "Export and import", format version 2: snippets
 * with their attachments, no history), written from planned snippets so that {@code POST
 * /api/v1/import} takes them all or none; the service makes no call to the source.
 */
final class ImportArchive {

    static final String FORMAT = "snippet-store-export";
    static final int VERSION = 2;

    private ImportArchive() {}

    /** Writes the archive; snippet {@code i} of the list has the source id {@code "s<i>"}. */
    static void write(List<MigrationPlan.Planned> snippets, OutputStream target) throws IOException {
        ZipOutputStream zip = new ZipOutputStream(target, StandardCharsets.UTF_8);
        JsonArrayBuilder paths = Json.createArrayBuilder();
        int attachmentCount = 0;
        for (int i = 0; i < snippets.size(); i++) {
            MigrationPlan.Planned snippet = snippets.get(i);
            String id = sourceId(i);
            JsonArrayBuilder attachments = Json.createArrayBuilder();
            for (int a = 0; a < snippet.attachments().size(); a++) {
                SourceSnippet.SourceFile file = snippet.attachments().get(a);
                byte[] bytes = file.content().getBytes(StandardCharsets.UTF_8);
                String path = "attachments/" + id + "-" + a;
                entry(zip, path, bytes);
                attachments.add(Json.createObjectBuilder()
                        .add("id", id + "-" + a)
                        .add("filename", file.name())
                        .add("size", bytes.length)
                        .add("sha256", sha256(bytes))
                        .add("path", path));
                attachmentCount++;
            }
            JsonObject document = Json.createObjectBuilder()
                    .add("id", id)
                    .add("title", snippet.title())
                    .add("description", snippet.description())
                    .add("notes", snippet.notes())
                    .add("language", snippet.language())
                    .add("code", snippet.code())
                    .add("tags", Json.createArrayBuilder(snippet.tags()))
                    .add("visibility", snippet.visibility())
                    .add("version", 1)
                    .add("attachments", attachments)
                    .add("revisions", Json.createArrayBuilder())
                    .build();
            String path = "snippets/" + id + ".json";
            entry(zip, path, document.toString().getBytes(StandardCharsets.UTF_8));
            paths.add(path);
        }
        JsonObject manifest = Json.createObjectBuilder()
                .add("format", FORMAT)
                .add("version", VERSION)
                .add("exportedAt", Instant.now().toString())
                .add("snippetCount", snippets.size())
                .add("attachmentCount", attachmentCount)
                .add("snippets", paths)
                .build();
        entry(zip, "manifest.json", manifest.toString().getBytes(StandardCharsets.UTF_8));
        zip.finish();
    }

    static String sourceId(int index) {
        return "s" + index;
    }

    private static void entry(ZipOutputStream zip, String path, byte[] bytes) throws IOException {
        zip.putNextEntry(new ZipEntry(path));
        zip.write(bytes);
        zip.closeEntry();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
