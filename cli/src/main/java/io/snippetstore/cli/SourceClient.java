package io.snippetstore.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;

/**
 * The API of the tool snippets move in from (GitHub, Opengist, ByteStash): JSON GETs with its
 * credentials, its pages followed by their {@code Link: <…>; rel="next"} header, and its rate limit
 * honoured: a limit that resets within {@code maxWait} is waited out, a later one is a failure that
 * names when it resets. Every failure is one line with its own exit code (docs/CLI.md, "Moving in").
 */
final class SourceClient {

    /** An answer: its JSON and the address of the next page, if the source says there is one. */
    record Page(JsonValue body, Optional<URI> next) {}

    private static final Pattern NEXT = Pattern.compile("<([^>]+)>\\s*;\\s*rel=\"?next\"?");
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private final String sourceName;
    private final URI base;
    private final Map<String, String> headers;
    private final Duration timeout;
    private final Proxies proxies;
    private final Duration maxWait;
    private final Consumer<String> notice;

    /**
     * @param sourceName the source as messages name it ("GitHub")
     * @param base the source's API: the headers (its credentials) go only to its scheme, host and port
     * @param headers sent with every request there: its credentials, the media type it asks for
     * @param notice where a wait for the rate limit is told
     */
    SourceClient(
            String sourceName,
            URI base,
            Map<String, String> headers,
            Duration timeout,
            Proxies proxies,
            Duration maxWait,
            Consumer<String> notice) {
        this.sourceName = sourceName;
        this.base = base;
        this.headers = headers;
        this.timeout = timeout;
        this.proxies = proxies;
        this.maxWait = maxWait;
        this.notice = notice;
    }

    String sourceName() {
        return sourceName;
    }

    /**
     * The JSON at {@code address}.
     *
     * @param notFound the message of a {@code 404} (a user or gist that is not there)
     */
    Page get(URI address, String notFound) {
        while (true) {
            HttpURLConnection connection = open(address);
            try {
                int status = connection.getResponseCode();
                if (status == 200) {
                    return new Page(json(connection, address), next(connection.getHeaderField("Link")));
                }
                Optional<Duration> wait = rateLimited(connection, status);
                if (wait.isPresent()) {
                    Instant reset = Instant.now().plus(wait.get());
                    if (wait.get().compareTo(maxWait) > 0) {
                        throw new Failure(
                                Failure.RATE_LIMITED,
                                sourceName + "'s rate limit is used up until " + CLOCK.format(reset)
                                        + ": run the same command again then (it takes up where it stopped),"
                                        + " or give a token, which has a higher limit.");
                    }
                    notice.accept(sourceName + "'s rate limit is used up until " + CLOCK.format(reset) + "; waiting "
                            + Math.max(1, wait.get().toSeconds()) + " s.");
                    Thread.sleep(Math.max(1000, wait.get().toMillis()));
                    continue;
                }
                throw failure(status, address, notFound);
            } catch (SocketTimeoutException e) {
                throw new Failure(
                        Failure.SERVER,
                        sourceName + " (" + origin(address) + ") did not answer within " + timeout.toSeconds()
                                + " s (raise it with --timeout SECONDS).");
            } catch (IOException e) {
                throw new Failure(
                        Failure.SERVER,
                        "Cannot reach " + sourceName + " at " + origin(address)
                                + ": is the address right (--url, --api-url)?");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Failure(Failure.SERVER, "Interrupted while waiting for " + sourceName + "'s rate limit.");
            } finally {
                connection.disconnect();
            }
        }
    }

    /** The text at {@code address} (a file's raw content), as a 200 answers it. */
    String text(URI address) {
        HttpURLConnection connection = open(address);
        try {
            int status = connection.getResponseCode();
            if (status != 200) {
                throw failure(status, address, "The file at " + address + " is gone from " + sourceName + ".");
            }
            try (InputStream in = connection.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new Failure(Failure.SERVER, "Cannot read " + address + " from " + sourceName + "; try again.");
        } finally {
            connection.disconnect();
        }
    }

    /** {@code path} (with its query) under the source's API. */
    URI at(String path) {
        return URI.create(base.toString().replaceAll("/+$", "") + path);
    }

    private HttpURLConnection open(URI address) {
        String scheme = address.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || address.getHost() == null) {
            throw new Failure(Failure.USAGE, "\"" + address + "\" is not an http:// or https:// address.");
        }
        try {
            HttpURLConnection connection =
                    (HttpURLConnection) address.toURL().openConnection(proxies.forAddress(address));
            // a redirect would carry the credentials to wherever it points: it is refused instead
            connection.setInstanceFollowRedirects(false);
            connection.setConnectTimeout((int) Api.CONNECT_TIMEOUT.toMillis());
            connection.setReadTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            connection.setRequestProperty("Accept", "application/json");
            if (origin(address).equalsIgnoreCase(origin(base))) {
                headers.forEach(connection::setRequestProperty);
            }
            return connection;
        } catch (IOException | IllegalArgumentException e) {
            throw new Failure(Failure.USAGE, "\"" + address + "\" is not an address this client can call.");
        }
    }

    private JsonValue json(HttpURLConnection connection, URI address) throws IOException {
        String body;
        try (InputStream in = connection.getInputStream()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            return reader.readValue();
        } catch (JsonException | IllegalStateException e) {
            throw new Failure(
                    Failure.UNSUPPORTED,
                    origin(address) + " does not answer " + address.getPath() + " with JSON as " + sourceName
                            + "'s API does: is the address that of the API (--url, --api-url), and its version one"
                            + " docs/CLI.md names?");
        }
    }

    /**
     * How long to wait when the answer is the rate limit's: {@code Retry-After} (a secondary limit),
     * else {@code X-RateLimit-Remaining: 0} until {@code X-RateLimit-Reset} (epoch seconds), as
     * GitHub documents; empty for any other answer.
     */
    static Optional<Duration> rateLimited(HttpURLConnection connection, int status) {
        if (status != 403 && status != 429) {
            return Optional.empty();
        }
        String retryAfter = connection.getHeaderField("Retry-After");
        if (retryAfter != null && retryAfter.strip().matches("\\d{1,9}")) {
            return Optional.of(Duration.ofSeconds(Long.parseLong(retryAfter.strip())));
        }
        String remaining = connection.getHeaderField("X-RateLimit-Remaining");
        String reset = connection.getHeaderField("X-RateLimit-Reset");
        if ("0".equals(remaining == null ? null : remaining.strip())
                && reset != null
                && reset.strip().matches("\\d{1,12}")) {
            Duration left = Duration.between(Instant.now(), Instant.ofEpochSecond(Long.parseLong(reset.strip())));
            return Optional.of(left.isNegative() ? Duration.ZERO : left.plusSeconds(1));
        }
        return status == 429 ? Optional.of(Duration.ofSeconds(60)) : Optional.empty();
    }

    private Failure failure(int status, URI address, String notFound) {
        return switch (status) {
            case 401 ->
                new Failure(
                        Failure.AUTH,
                        sourceName
                                + " refused the credentials (HTTP 401): is the token or key right, and not expired?");
            case 403 ->
                new Failure(
                        Failure.FORBIDDEN,
                        sourceName + " refused this (HTTP 403): does the token or key have the scope to read them?");
            case 404 -> new Failure(Failure.NOT_FOUND, notFound);
            default ->
                status >= 500
                        ? new Failure(
                                Failure.SERVER,
                                sourceName + " answered " + status + " at " + address.getPath()
                                        + (status == 503 ? " (is its API switched on?)" : "") + "; try again later.")
                        : new Failure(
                                Failure.UNSUPPORTED,
                                sourceName + " answered " + status + " at " + address.getPath()
                                        + ": is its version one docs/CLI.md names?");
        };
    }

    static Optional<URI> next(String link) {
        if (link == null) {
            return Optional.empty();
        }
        Matcher next = NEXT.matcher(link);
        return next.find() ? Optional.of(URI.create(next.group(1))) : Optional.empty();
    }

    private static String origin(URI address) {
        return address.getScheme() + "://" + address.getRawAuthority();
    }
}
