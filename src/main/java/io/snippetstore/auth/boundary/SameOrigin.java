package io.snippetstore.auth.boundary;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

import io.snippetstore.platform.ApiException;

/**
 * Whether a request's {@code Origin} (or, without it, {@code Referer}) names this service:
 * the CSRF defence for session-authenticated requests that change something.
 */
final class SameOrigin {

    private SameOrigin() {}

    /** Refuses, with {@code 403 csrf_rejected}, a session request that changes something from another origin. */
    static void require(String origin, String referer, URI service) {
        if (!allows(origin, referer, service)) {
            throw ApiException.csrfRejected();
        }
    }

    /**
     * {@code true} when neither header is present (non-browser clients) or the one present names
     * {@code service}; {@code false} for another origin, an opaque {@code null} origin or garbage.
     */
    static boolean allows(String origin, String referer, URI service) {
        String claimed = origin != null ? origin : referer;
        if (claimed == null) {
            return true;
        }
        return originOf(claimed).equals(originOf(service));
    }

    private static Optional<String> originOf(String url) {
        try {
            return originOf(new URI(url.trim()));
        } catch (java.net.URISyntaxException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> originOf(URI uri) {
        if (uri.getScheme() == null || uri.getHost() == null) {
            return Optional.empty();
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort() != -1 ? uri.getPort() : "https".equals(scheme) ? 443 : "http".equals(scheme) ? 80 : -1;
        return Optional.of(scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port);
    }
}
