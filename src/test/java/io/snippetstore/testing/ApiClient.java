package io.snippetstore.testing;

import java.io.ByteArrayInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import jakarta.json.JsonValue;

/**
 * A client of the running service over real HTTP on loopback. Each instance keeps its own
 * cookies, so one instance is one browser session; {@link #withBearer} makes it a token client.
 */
public class ApiClient {

    private final CookieManager cookies = new CookieManager();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .cookieHandler(cookies)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final URI base;
    private final boolean checked;
    private String bearer;

    /** A client of the service under test (see {@link #base()}). */
    public ApiClient() {
        this(base());
    }

    /** A client of another instance, such as one a test starts for itself. */
    public ApiClient(URI base) {
        this(base, true);
    }

    private ApiClient(URI base, boolean checked) {
        this.base = base;
        this.checked = checked;
    }

    /**
     * A client of a server that is still starting, whose exchanges are not checked against the
     * API's document: until the WAR is deployed, the container answers (404, 500), not the service.
     */
    public static ApiClient ofStartingServer(URI base) {
        return new ApiClient(base, false);
    }

    /**
     * A client whose exchanges are not checked against the API's document, for an answer it does
     * not declare on purpose: a {@code 500} a test stages to see its envelope.
     */
    public static ApiClient outsideTheContract(URI base) {
        return new ApiClient(base, false);
    }

    /** The service's base URI: always 127.0.0.1 and the port the build reserved for it. */
    public static URI base() {
        return URI.create("http://127.0.0.1:" + System.getProperty("snippets.it.port") + "/");
    }

    public ApiClient withBearer(String token) {
        this.bearer = token;
        return this;
    }

    public CookieManager cookies() {
        return cookies;
    }

    public Reply get(String path) {
        return sendBytes("GET", path, null, null, Map.of());
    }

    public Reply post(String path, JsonValue json) {
        return send("POST", path, "application/json", json.toString(), Map.of());
    }

    public Reply patch(String path, JsonValue json) {
        return send("PATCH", path, "application/json", json.toString(), Map.of());
    }

    public Reply delete(String path) {
        return sendBytes("DELETE", path, null, null, Map.of());
    }

    public Reply send(String method, String path, String contentType, String body, Map<String, String> headers) {
        return sendBytes(
                method, path, contentType, body == null ? null : body.getBytes(StandardCharsets.UTF_8), headers);
    }

    public Reply sendBytes(String method, String path, String contentType, byte[] body, Map<String, String> headers) {
        return send(
                method,
                path,
                contentType,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body),
                body,
                false,
                headers);
    }

    /** Sends the file's bytes as the body, read as they are sent: for bodies too large to hold. */
    public Reply sendFile(String method, String path, String contentType, Path file) {
        try {
            return send(method, path, contentType, HttpRequest.BodyPublishers.ofFile(file), null, true, Map.of());
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code body} without a {@code Content-Length}: as chunks, the way a client streams what it cannot measure. */
    public Reply sendStream(String method, String path, String contentType, byte[] body) {
        return send(
                method,
                path,
                contentType,
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)),
                body,
                false,
                Map.of());
    }

    /**
     * Sends the request and checks the exchange against the API's document ({@link OpenApiContract}).
     *
     * @param checkedBody the body as the contract check sees it, {@code null} when there is none
     * @param fromFile whether the body is a file's, read as it is sent, which the check does not see
     */
    private Reply send(
            String method,
            String path,
            String contentType,
            HttpRequest.BodyPublisher body,
            byte[] checkedBody,
            boolean fromFile,
            Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        base.resolve(path.startsWith("/") ? path.substring(1) : path))
                .timeout(Duration.ofSeconds(60))
                .method(method, body);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        headers.forEach(request::header);
        HttpRequest sent = request.build();
        Reply reply;
        try {
            HttpResponse<byte[]> response = http.send(sent, HttpResponse.BodyHandlers.ofByteArray());
            reply = new Reply(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (checked) {
            OpenApiContract.check(method, sent.uri(), sent.headers().map(), checkedBody, fromFile, reply);
        }
        return reply;
    }
}
