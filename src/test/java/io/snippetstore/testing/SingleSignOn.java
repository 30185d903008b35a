package io.snippetstore.testing;

import java.io.IOException;
import java.net.CookieHandler;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The browser's part of a sign-in through Keycloak, played over HTTP with the client's cookie
 * jar: the service's redirect to Keycloak, Keycloak's own login form filled in and posted, and
 * Keycloak's redirect back to the service's callback, each step one request, redirects read by
 * hand so that a test can stop at any of them.
 */
public final class SingleSignOn {

    private static final Pattern FORM_ACTION =
            Pattern.compile("<form[^>]*id=\"kc-form-login\"[^>]*action=\"([^\"]+)\"");

    private final HttpClient http;

    public SingleSignOn(ApiClient client) {
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .cookieHandler(new LocalhostIsSecure(client.cookies()))
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    /** The service's answer to starting a sign-in: a redirect to Keycloak. */
    public HttpResponse<String> start(String next) {
        return get(ApiClient.base()
                .resolve("/api/v1/auth/oidc/login?next=" + URLEncoder.encode(next, StandardCharsets.UTF_8)));
    }

    /**
     * Signs in at Keycloak with this username and password and returns where Keycloak sends the
     * browser back (the service's callback, with its code and state), not yet followed.
     */
    public URI throughKeycloak(String username, String password) {
        HttpResponse<String> started = start("/");
        if (started.statusCode() != 303) {
            throw new AssertionError(
                    "the service did not send the browser to Keycloak: " + started.statusCode() + " " + started.body());
        }
        HttpResponse<String> page =
                get(URI.create(started.headers().firstValue("Location").orElseThrow()));
        Matcher action = FORM_ACTION.matcher(page.body());
        if (page.statusCode() != 200 || !action.find()) {
            throw new AssertionError("Keycloak's login page has no login form: " + page.statusCode());
        }
        HttpResponse<String> posted =
                send(HttpRequest.newBuilder(URI.create(action.group(1).replace("&amp;", "&")))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "username=" + URLEncoder.encode(username, StandardCharsets.UTF_8) + "&password="
                                        + URLEncoder.encode(password, StandardCharsets.UTF_8) + "&credentialId="))
                        .build());
        if (posted.statusCode() != 302) {
            throw new AssertionError("Keycloak did not accept " + username + "'s password: " + posted.statusCode());
        }
        return URI.create(posted.headers().firstValue("Location").orElseThrow());
    }

    /** Follows Keycloak's redirect back: the service's callback answers (303 when signed in, a page saying why not). */
    public HttpResponse<String> back(URI callback) {
        return get(callback);
    }

    /** The whole sign-in: true when the service signed the client in. */
    public HttpResponse<String> signIn(String username, String password) {
        return back(throughKeycloak(username, password));
    }

    /**
     * The client's cookie jar, keeping Keycloak's {@code Secure} cookies for {@code http://localhost}
     * as a browser does (localhost is a secure context there); the JDK's jar would drop them.
     */
    private static final class LocalhostIsSecure extends CookieHandler {
        private final CookieManager jar;

        LocalhostIsSecure(CookieManager jar) {
            this.jar = jar;
        }

        @Override
        public Map<String, List<String>> get(URI uri, Map<String, List<String>> requestHeaders) throws IOException {
            return jar.get(uri, requestHeaders);
        }

        @Override
        public void put(URI uri, Map<String, List<String>> responseHeaders) throws IOException {
            if (!"localhost".equals(uri.getHost())) {
                jar.put(uri, responseHeaders);
                return;
            }
            for (Map.Entry<String, List<String>> header : responseHeaders.entrySet()) {
                if (header.getKey() == null || !header.getKey().equalsIgnoreCase("Set-Cookie")) {
                    continue;
                }
                for (String value : header.getValue()) {
                    for (HttpCookie cookie : HttpCookie.parse(value)) {
                        cookie.setSecure(false);
                        if (cookie.getPath() == null) {
                            String path = uri.getPath();
                            cookie.setPath(path.substring(0, path.lastIndexOf('/') + 1));
                        }
                        jar.getCookieStore().add(uri, cookie);
                    }
                }
            }
        }
    }

    public HttpResponse<String> get(URI uri) {
        return send(HttpRequest.newBuilder(uri).GET().build());
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("no answer from " + request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
