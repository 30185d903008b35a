package io.snippetstore.auth.control;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

import io.snippetstore.platform.ApiException;

/**
 * The redirect target of a command-line client's browser login (RFC 8252 loopback redirect):
 * an absolute {@code http} URL on {@code 127.0.0.1}, {@code [::1]} or {@code localhost}, any
 * port and path, without user info or fragment.
 */
public final class LoopbackCallback {

    private static final Set<String> LOOPBACK_HOSTS = Set.of("127.0.0.1", "[::1]", "localhost");

    private final URI uri;

    private LoopbackCallback(URI uri) {
        this.uri = uri;
    }

    public static LoopbackCallback parse(String callback) {
        if (callback == null || callback.isBlank()) {
            throw invalid("The callback parameter is required.");
        }
        URI uri;
        try {
            uri = new URI(callback);
        } catch (URISyntaxException e) {
            throw invalid("The callback is not a valid URL.");
        }
        if (!uri.isAbsolute() || uri.isOpaque() || !"http".equalsIgnoreCase(uri.getScheme())) {
            throw invalid("The callback must be an absolute http URL.");
        }
        if (uri.getHost() == null || !LOOPBACK_HOSTS.contains(uri.getHost().toLowerCase(Locale.ROOT))) {
            throw invalid("The callback must be on 127.0.0.1, [::1] or localhost.");
        }
        if (uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
            throw invalid("The callback must not carry user info or a fragment.");
        }
        return new LoopbackCallback(uri);
    }

    /** The callback with {@code code} and, if given, {@code state} appended to its own query. */
    public URI withCode(String code, String state) {
        StringBuilder query = new StringBuilder(uri.getRawQuery() == null ? "" : uri.getRawQuery());
        appendParameter(query, "code", code);
        if (state != null) {
            appendParameter(query, "state", state);
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return URI.create(
                uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getRawAuthority() + path + "?" + query);
    }

    private static void appendParameter(StringBuilder query, String name, String value) {
        if (!query.isEmpty()) {
            query.append('&');
        }
        query.append(name).append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8));
    }

    private static ApiException invalid(String message) {
        return ApiException.invalidCallback(message);
    }
}
