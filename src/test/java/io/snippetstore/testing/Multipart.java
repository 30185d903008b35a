package io.snippetstore.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

/** A {@code multipart/form-data} body built by hand, so tests control every header of every part. */
public final class Multipart {

    private final String boundary = "----snippet-store-test-" + UUID.randomUUID();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    /** A file part; {@code contentType} null leaves the part without a Content-Type header. */
    public Multipart file(String name, String filename, String contentType, byte[] content) {
        String headers = "Content-Disposition: form-data; name=\"" + name + "\"; filename=\"" + filename + "\"\r\n"
                + (contentType == null ? "" : "Content-Type: " + contentType + "\r\n");
        return part(headers, content);
    }

    public Multipart text(String name, String value) {
        return part(
                "Content-Disposition: form-data; name=\"" + name + "\"\r\n", value.getBytes(StandardCharsets.UTF_8));
    }

    /** A part with exactly these header lines (each ending in CRLF). */
    public Multipart rawPart(String headers, byte[] content) {
        return part(headers, content);
    }

    private Multipart part(String headers, byte[] content) {
        body.writeBytes(("--" + boundary + "\r\n" + headers + "\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        return this;
    }

    public String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    public byte[] bytes() {
        ByteArrayOutputStream complete = new ByteArrayOutputStream(body.size() + 64);
        complete.writeBytes(body.toByteArray());
        complete.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return complete.toByteArray();
    }

    /** Posts this body to {@code path}. */
    public Reply postTo(ApiClient client, String path) {
        return client.sendBytes("POST", path, contentType(), bytes(), Map.of());
    }
}
