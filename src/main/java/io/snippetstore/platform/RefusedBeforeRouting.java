package io.snippetstore.platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Refuses, before the container routes it, what no path of the application takes, alike on the
 * three servers:
 * <ul>
 *   <li>a path as sent holding an encoded slash, backslash or NUL ({@code %2F}, {@code %5C},
 *       {@code %00}), a dot segment ({@code /../}, {@code /./}, encoded or not, also with a path
 *       parameter: {@code /..;x/}, which a server drops before it resolves the dots) or a malformed
 *       escape: {@code 400}. Otherwise a server that decodes {@code ..%2F} before it routes sends
 *       {@code /api/v1/..%2F..%2Findex.html} to the pages, with their HTML answers; and Open Liberty,
 *       told in web.xml not to refuse encoded separators itself, would serve them.
 *   <li>{@code TRACE} outside the API: {@code 405}. The servers let it through (so that the API
 *       answers it with its envelope), and a servlet's default {@code doTrace} echoes the request's
 *       headers, cookies included.
 * </ul>
 * Under {@code /api} the refusal is the error envelope, elsewhere plain text. Runs on the path as
 * sent ({@code getRequestURI}), so whatever the server decodes afterwards is refused alike.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class RefusedBeforeRouting extends HttpFilter {

    /** What a page outside the API takes; a {@code 405} names it. */
    private static final String PAGE_METHODS = "GET, HEAD, POST, OPTIONS";

    private static final Pattern ENCODED_SEPARATOR = Pattern.compile("%(2f|5c|00)");
    private static final Pattern MALFORMED_ESCAPE = Pattern.compile("%(?![0-9a-f]{2})");
    private static final Pattern DOT_SEGMENT = Pattern.compile("(^|/)(\\.|%2e){1,2}(;[^/]*)?(/|$)");

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String sent = request.getRequestURI();
        String path = withinApplication(
                sent == null ? "" : sent.toLowerCase(Locale.ROOT),
                request.getContextPath().toLowerCase(Locale.ROOT));
        boolean api = isApi(path);
        // every refused path holds a '%' or a "/." (a dot segment): most requests are passed on without a pattern
        if ((path.indexOf('%') >= 0 || path.contains("/.")) && isRefused(path)) {
            String message =
                    "The path holds an encoded slash, backslash or NUL, a dot segment or a malformed escape; no path of this service does.";
            if (api) {
                ApiErrorPages.writeEnvelope(response, 400, "bad_request", message);
            } else {
                writePlain(response, 400, message);
            }
            return;
        }
        if (!api && "TRACE".equals(request.getMethod())) {
            response.setHeader("Allow", PAGE_METHODS);
            writePlain(response, 405, "TRACE is not allowed.");
            return;
        }
        chain.doFilter(request, response);
    }

    static String withinApplication(String sentLowerCase, String contextPathLowerCase) {
        return sentLowerCase.startsWith(contextPathLowerCase)
                ? sentLowerCase.substring(contextPathLowerCase.length())
                : sentLowerCase;
    }

    static boolean isApi(String pathLowerCase) {
        return pathLowerCase.startsWith("/api/")
                || pathLowerCase.startsWith("/api%2f")
                || pathLowerCase.startsWith("/api;");
    }

    static boolean isRefused(String pathLowerCase) {
        return ENCODED_SEPARATOR.matcher(pathLowerCase).find()
                || MALFORMED_ESCAPE.matcher(pathLowerCase).find()
                || DOT_SEGMENT.matcher(pathLowerCase).find();
    }

    private static void writePlain(HttpServletResponse response, int status, String message) throws IOException {
        ApiErrorPages.writeWhole(
                response, status, "text/plain;charset=utf-8", (message + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
