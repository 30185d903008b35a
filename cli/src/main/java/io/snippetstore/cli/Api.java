package io.snippetstore.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The Snippet Store API of one server, with a token or without: JSON envelopes in, data or a
 * {@link Failure} out. Over the JDK's {@code HttpURLConnection}: a command starts several times
 * faster than with {@code java.net.http.HttpClient}, whose set-up (its SSL context, its selector
 * thread) took most of a short command's 0.7 s (docs/BENCHMARKS.md). It cannot send {@code PATCH}:
 * that goes as {@code POST} with {@code X-HTTP-Method-Override: PATCH}, which the service takes.
 */
final class Api {

    static final String JSON = "application/json";

    /** An answer: status, headers, and the body still to be read (downloads stream it). */
    record Answer(int status, Map<String, List<String>> headers, InputStream body, String path) {

        /** The header's first value; names ignore case. */
        Optional<String> header(String name) {
            return headers.entrySet().stream()
                    .filter(entry -> entry.getKey() != null && entry.getKey().equalsIgnoreCase(name))
                    .flatMap(entry -> entry.getValue().stream())
                    .findFirst();
        }
    }

    /** A request body: its length (-1: unknown) and a way to open it. */
    record Body(long length, Supplier<InputStream> content) {

        static final Body NONE = new Body(0, InputStream::nullInputStream);

        static Body of(String text) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            return new Body(bytes.length, () -> new ByteArrayInputStream(bytes));
        }
    }

    /** How long connecting may take: a service that is up answers a connection at once. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final URI server;
    private final Optional<String> token;
    private final Duration answerTimeout;
    private final Proxy proxy;

    /**
     * @param answerTimeout how long to wait for an answer's headers once a request is sent; zero for no limit
     * @param proxy how the service is reached ({@link Proxies})
     */
    Api(String server, Optional<String> token, Duration answerTimeout, Proxy proxy) {
        this.server = address(server);
        this.token = token;
        this.answerTimeout = answerTimeout;
        this.proxy = proxy;
    }

    String server() {
        return server.toString().replaceAll("/$", "");
    }

    /** The service's address as given: http or https with a host, else a usage error (exit 1). */
    static URI address(String server) {
        String normalized = Config.normalized(server);
        try {
            URI address = new URI(normalized + "/");
            String scheme = address.getScheme();
            if (("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme)) && address.getHost() != null) {
                return address;
            }
        } catch (URISyntaxException notAnAddress) {
            // answered below
        }
        throw new Failure(
                Failure.USAGE,
                "\"" + normalized + "\" is not an address this client can call, nor the name of a server signed in to"
                        + " (`snippets servers`): give it with http:// or https://, e.g. http://127.0.0.1:8080.");
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /**
     * Fails unless the server answers as a Snippet Store: {@code whoami} without a token is
     * {@code 401 unauthenticated} in the error envelope there, and anything else elsewhere.
     */
    void requireSnippetStore() {
        Answer answer = send("GET", "/api/v1/auth/whoami", null, Body.NONE, Map.of());
        Optional<JsonObject> envelope;
        try (InputStream in = answer.body()) {
            envelope = parse(in.readAllBytes());
        } catch (IOException e) {
            envelope = Optional.empty();
        }
        boolean snippetStore = answer.status() == 401
                && envelope.map(body -> body.get("error") instanceof JsonObject error
                                && "unauthenticated".equals(error.getString("code", "")))
                        .orElse(false);
        if (!snippetStore) {
            throw new Failure(
                    Failure.SERVER,
                    server() + " does not answer as a Snippet Store service (HTTP " + answer.status()
                            + " where an unauthenticated error was expected): is the address right?");
        }
    }

    /** The {@code data} of a JSON answer; any failure as a {@link Failure} with the API's message. */
    JsonValue call(String method, String path, JsonValue body, Map<String, String> headers) {
        Answer answer = send(
                method, path, body == null ? null : JSON, body == null ? Body.NONE : Body.of(body.toString()), headers);
        return data(answer);
    }

    JsonValue get(String path) {
        return call("GET", path, null, Map.of());
    }

    /** The whole envelope of a list: {@code data} and {@code meta}. */
    JsonObject envelope(String path) {
        return envelope(send("GET", path, null, Body.NONE, Map.of()));
    }

    /**
     * An upload: a large file on a slow link takes as long as it takes to send, so the timeout is
     * not the whole exchange's but the longest wait for the service to take more of the file, and
     * then for its answer.
     */
    Answer sendUpload(String path, String contentType, Body body) {
        return send("POST", path, contentType, body, Map.of());
    }

    Answer send(String method, String path, String contentType, Body body, Map<String, String> headers) {
        HttpURLConnection connection;
        // POST, PUT and PATCH say how long their (maybe empty) body is; GET and DELETE send none
        boolean sendsBody = body.length() != 0
                || contentType != null
                || !List.of("GET", "DELETE", "HEAD").contains(method);
        try {
            connection = (HttpURLConnection) server.resolve(path.startsWith("/") ? path.substring(1) : path)
                    .toURL()
                    .openConnection(proxy);
            connection.setInstanceFollowRedirects(false);
            connection.setConnectTimeout((int) CONNECT_TIMEOUT.toMillis());
            connection.setReadTimeout((int) Math.min(Integer.MAX_VALUE, answerTimeout.toMillis()));
            connection.setRequestMethod(method.equals("PATCH") ? "POST" : method);
            if (method.equals("PATCH")) {
                connection.setRequestProperty("X-HTTP-Method-Override", "PATCH");
            }
            connection.setRequestProperty("Accept", JSON + ", */*;q=0.5");
            if (contentType != null) {
                connection.setRequestProperty("Content-Type", contentType);
            }
            token.ifPresent(value -> connection.setRequestProperty("Authorization", "Bearer " + value));
            headers.forEach(connection::setRequestProperty);
            if (sendsBody) {
                connection.setDoOutput(true);
                if (body.length() >= 0) {
                    connection.setFixedLengthStreamingMode(body.length());
                } else {
                    connection.setChunkedStreamingMode(64 * 1024);
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new Failure(Failure.USAGE, server() + " is not an address this client can call (http or https).");
        }
        try {
            connection.connect();
        } catch (SocketTimeoutException e) {
            throw new Failure(
                    Failure.SERVER,
                    "Cannot reach " + server() + " within " + CONNECT_TIMEOUT.toSeconds()
                            + " s: is the address right?");
        } catch (IOException e) {
            throw new Failure(
                    Failure.SERVER, "Cannot reach " + server() + ": is the service running, and the address right?");
        }
        try {
            if (sendsBody) {
                sendBody(connection, body);
            }
            int status = connection.getResponseCode();
            if (status >= 300 && status < 400) {
                throw new Failure(
                        Failure.SERVER,
                        server() + " answered " + status + ", sending this client to "
                                + Optional.ofNullable(connection.getHeaderField("Location"))
                                        .orElse("no address")
                                + ": give that address with --server (say, https:// where a proxy asks for it).");
            }
            InputStream answer = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            return new Answer(
                    status,
                    connection.getHeaderFields(),
                    answer == null ? InputStream.nullInputStream() : answer,
                    path);
        } catch (SocketTimeoutException e) {
            throw new Failure(
                    Failure.SERVER,
                    server() + " did not answer within " + answerTimeout.toSeconds()
                            + " s (raise it with --timeout SECONDS, or 0 for no limit).");
        } catch (ConnectException e) {
            throw new Failure(
                    Failure.SERVER, "Cannot reach " + server() + ": is the service running, and the address right?");
        } catch (IOException e) {
            throw new Failure(
                    Failure.SERVER, "The connection to " + server() + " broke off before it answered; try again.");
        }
    }

    /**
     * Sends the body, and ends the connection when the service takes none of it for the answer
     * timeout (a service that accepted the connection and stopped reading): a write to a socket
     * has no timeout of its own.
     */
    private void sendBody(HttpURLConnection connection, Body body) throws IOException {
        AtomicLong progress = new AtomicLong(System.nanoTime());
        AtomicBoolean stalled = new AtomicBoolean();
        Thread watchdog = null;
        if (!answerTimeout.isZero()) {
            watchdog = new Thread(
                    () -> {
                        try {
                            while (System.nanoTime() - progress.get() < answerTimeout.toNanos()) {
                                Thread.sleep(Math.min(1000, answerTimeout.toMillis()));
                            }
                            stalled.set(true);
                            connection.disconnect();
                        } catch (InterruptedException sent) {
                            // the body was sent
                        }
                    },
                    "upload watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
        }
        try (InputStream content = body.content().get();
                OutputStream out = connection.getOutputStream()) {
            byte[] buffer = new byte[64 * 1024];
            for (int read = content.read(buffer); read >= 0; read = content.read(buffer)) {
                out.write(buffer, 0, read);
                progress.set(System.nanoTime());
            }
        } catch (IOException e) {
            if (stalled.get()) {
                throw new SocketTimeoutException("the service took none of the request for the timeout");
            }
            throw e;
        } finally {
            if (watchdog != null) {
                watchdog.interrupt();
            }
        }
    }

    JsonValue data(Answer answer) {
        JsonObject envelope = envelope(answer);
        return envelope.getOrDefault("data", JsonValue.NULL);
    }

    private JsonObject envelope(Answer answer) {
        byte[] body;
        try (InputStream in = answer.body()) {
            body = in.readAllBytes();
        } catch (IOException e) {
            throw new Failure(Failure.SERVER, "The answer of " + server() + " broke off; try again.");
        }
        JsonObject envelope = parse(body).orElse(null);
        if (answer.status() >= 400 || envelope == null || !envelope.getBoolean("ok", false)) {
            throw failure(answer.status(), envelope, answer.path());
        }
        return envelope;
    }

    /** The body of a successful (200) answer that is not JSON, such as a snippet's raw code or a file. */
    InputStream bodyOf(Answer answer) {
        if (answer.status() != 200) {
            throw failure(answer);
        }
        return answer.body();
    }

    /** A failed answer, with the API's message and field details when it sent them. */
    Failure failure(Answer answer) {
        try (InputStream in = answer.body()) {
            return failure(answer.status(), parse(in.readAllBytes()).orElse(null), answer.path());
        } catch (IOException e) {
            return failure(answer.status(), null, answer.path());
        }
    }

    private Failure failure(int status, JsonObject envelope, String path) {
        if (envelope == null || !(envelope.get("error") instanceof JsonObject error)) {
            return new Failure(
                    Failure.forStatus(status), "The service answered " + status + " without an explanation.");
        }
        String said = error.getString("message", "The request failed.");
        StringBuilder message = new StringBuilder(
                status == 404 && said.equals(GENERIC_NOT_FOUND) ? missing(path).orElse(said) : said);
        if (status == 401 && token.isPresent()) {
            message.append(" The token this client used was refused (revoked, expired, or its user disabled):"
                            + " sign in again with `snippets login ")
                    .append(server())
                    .append("`, or give SNIPPETS_TOKEN a valid one.");
        }
        if (error.get("details") instanceof JsonArray details) {
            for (JsonObject detail : details.getValuesAs(JsonObject.class)) {
                message.append("\n  ")
                        .append(detail.getString("field", ""))
                        .append(": ")
                        .append(detail.getString("message", ""));
            }
        }
        return new Failure(Failure.forStatus(status), message.toString(), error.getString("code", null));
    }

    /** What the service says of any missing resource; the client names what it asked for instead. */
    static final String GENERIC_NOT_FOUND = "No such resource.";

    private static final java.util.regex.Pattern RESOURCE = java.util.regex.Pattern.compile(
            "/api/v1/(snippets|attachments|trash|links|shared)/([^/?]+)(?:/revisions/([^/?]+))?.*");

    /** The resource a path names, as a person says it: "No snippet 01a2…", "No version 3 of snippet 01a2…". */
    static Optional<String> missing(String path) {
        java.util.regex.Matcher matcher = RESOURCE.matcher(path);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        String id = java.net.URLDecoder.decode(matcher.group(2), StandardCharsets.UTF_8);
        String version = matcher.group(3);
        return Optional.of(
                switch (matcher.group(1)) {
                    case "snippets" ->
                        version != null && !path.contains("/diff/")
                                ? "No version " + version + " of snippet " + id + " (`snippets history " + id
                                        + "` lists them)."
                                : version != null
                                        ? "No such versions of snippet " + id + " (`snippets history " + id
                                                + "` lists them)."
                                        : "No snippet " + id + " that you may read (mistyped, deleted, or not shared"
                                                + " with you).";
                    case "attachments" ->
                        "No attachment " + id + " that you may read (`snippets files ID` lists a" + " snippet's).";
                    case "trash" -> "No snippet " + id + " in your trash (`snippets trash` lists it).";
                    case "shared" ->
                        "The share link opens nothing: unknown, expired or revoked, or its snippet is"
                                + " private now.";
                    default -> "No share link " + id + " (`snippets links ID` lists a snippet's).";
                });
    }

    private static Optional<JsonObject> parse(byte[] body) {
        try {
            return Optional.of(Json.createReader(new ByteArrayInputStream(body)).readObject());
        } catch (JsonException | IllegalStateException e) {
            return Optional.empty();
        }
    }

    /** Each item of every page of a list, following {@code meta.nextCursor} while {@code all}. */
    List<JsonObject> list(String path, boolean all) {
        return listed(path, all).items();
    }

    /** What a list gave: its items, and whether more would follow (a next page not fetched). */
    /** The items read, and the cursor of the page after them when more are left. */
    record Listed(List<JsonObject> items, Optional<String> nextCursor) {

        boolean more() {
            return nextCursor.isPresent();
        }
    }

    /** The items of the first page (after {@code cursor}, if any), or of every page while {@code all}. */
    Listed listed(String path, Optional<String> cursor, boolean all) {
        List<JsonObject> items = new ArrayList<>();
        Optional<String> next = eachPage(path, cursor, all ? Integer.MAX_VALUE : 1, items::addAll);
        return new Listed(items, next);
    }

    Listed listed(String path, boolean all) {
        return listed(path, Optional.empty(), all);
    }

    /** Hands each page's items to {@code consumer} as it arrives, every page after {@code cursor}. */
    void eachPage(String path, Optional<String> cursor, Consumer<List<JsonObject>> consumer) {
        eachPage(path, cursor, Integer.MAX_VALUE, consumer);
    }

    /** At most {@code pages} pages from {@code cursor} on; the cursor after the last one read, when more are left. */
    private Optional<String> eachPage(
            String path, Optional<String> cursor, int pages, Consumer<List<JsonObject>> consumer) {
        Optional<String> next = cursor;
        for (int read = 0; read < pages; read++) {
            String page = next.map(value -> path + (path.contains("?") ? "&" : "?") + "cursor=" + encode(value))
                    .orElse(path);
            JsonObject envelope = envelope(page);
            consumer.accept(envelope.getJsonArray("data").getValuesAs(JsonObject.class));
            JsonValue after = envelope.getJsonObject("meta") == null
                    ? JsonValue.NULL
                    : envelope.getJsonObject("meta").get("nextCursor");
            next = after instanceof JsonString value ? Optional.of(value.getString()) : Optional.empty();
            if (next.isEmpty()) {
                return next;
            }
        }
        return next;
    }
}
