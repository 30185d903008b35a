import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes an export archive (docs/API.md, "Export and import") of generated snippets, each with one
 * attachment of random bytes, stored uncompressed, for bench/import.sh.
 * Usage: java bench/ImportArchive.java FILE SNIPPETS ATTACHMENT_BYTES
 */
public class ImportArchive {

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int snippets = Integer.parseInt(args[1]);
        byte[] bytes = new byte[Integer.parseInt(args[2])];
        Random random = new Random(1);
        StringBuilder paths = new StringBuilder();
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            zip.setLevel(Deflater.NO_COMPRESSION);
            for (int n = 0; n < snippets; n++) {
                random.nextBytes(bytes);
                put(zip, "attachments/a" + n, bytes);
                String document = "{\"id\":\"s" + n + "\",\"title\":\"imported " + n
                        + "\",\"language\":\"text\",\"code\":\"code of snippet " + n
                        + "\",\"tags\":[\"imported\"],\"visibility\":\"private\",\"attachments\":[{\"path\":\"attachments/a"
                        + n
                        + "\",\"filename\":\"random-" + n + ".bin\",\"mimeType\":\"application/octet-stream\",\"size\":"
                        + bytes.length
                        + ",\"sha256\":\""
                        + HexFormat.of()
                                .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)) + "\"}]}";
                put(zip, "snippets/s" + n + ".json", document.getBytes(StandardCharsets.UTF_8));
                paths.append(n == 0 ? "" : ",").append("\"snippets/s").append(n).append(".json\"");
            }
            put(
                    zip,
                    "manifest.json",
                    ("{\"format\":\"snippet-store-export\",\"version\":1,\"snippetCount\":" + snippets
                                    + ",\"attachmentCount\":" + snippets + ",\"snippets\":[" + paths + "]}")
                            .getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void put(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(bytes);
        zip.closeEntry();
    }
}
