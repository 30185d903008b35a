package io.snippetstore.platform;

import java.io.IOException;
import java.util.Locale;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Refuses, before the container routes it, a request whose path as sent starts {@code /api/}
 * and holds an encoded slash, backslash or NUL ({@code %2F}, {@code %5C}, {@code %00}), a dot
 * segment ({@code /../}, {@code /./}, encoded or not) or a malformed escape: {@code 400} in the
 * error envelope. Otherwise a server that decodes {@code ..%2F} before it routes sends
 * {@code /api/v1/..%2F..%2Findex.html} to the pages outside the API, with their HTML answers.
 * No path of the API needs any of these. Runs on the path as sent ({@code getRequestURI}), so
 * whatever the server decodes afterwards is refused alike on the three servers.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class RawApiPaths extends HttpFilter {

    private static final Pattern ENCODED_SEPARATOR = Pattern.compile("%(2f|5c|00)");
    private static final Pattern MALFORMED_ESCAPE = Pattern.compile("%(?![0-9a-f]{2})");
    private static final Pattern DOT_SEGMENT = Pattern.compile("(^|/)(\\.|%2e){1,2}(/|$)");

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String sent = request.getRequestURI();
        // every refused path holds a '%' or a "/." (a dot segment): most requests are passed on without a pattern
        boolean suspect = sent != null && (sent.indexOf('%') >= 0 || sent.contains("/."));
        if (suspect
                && isRefused(
                        sent.toLowerCase(Locale.ROOT), request.getContextPath().toLowerCase(Locale.ROOT))) {
            ApiErrorPages.writeEnvelope(
                    response,
                    400,
                    "bad_request",
                    "The path holds an encoded slash, backslash or NUL, a dot segment or a malformed escape; no path of the API does.");
            return;
        }
        chain.doFilter(request, response);
    }

    static boolean isRefused(String sentLowerCase, String contextPathLowerCase) {
        String path = sentLowerCase.startsWith(contextPathLowerCase)
                ? sentLowerCase.substring(contextPathLowerCase.length())
                : sentLowerCase;
        if (!path.startsWith("/api/") && !path.startsWith("/api%2f") && !path.startsWith("/api;")) {
            return false;
        }
        return ENCODED_SEPARATOR.matcher(path).find()
                || MALFORMED_ESCAPE.matcher(path).find()
                || DOT_SEGMENT.matcher(path).find();
    }
}
