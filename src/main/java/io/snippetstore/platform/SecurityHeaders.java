package io.snippetstore.platform;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Security headers. Every answer: no content sniffing; only this service's own scripts and styles,
 * no inline script, no framing (an answer may narrow it, as downloads do with {@code sandbox}).
 * The API under {@code /api}: {@code Cache-Control: no-store}, since its answers carry token values
 * and private data that no cache, shared or the browser's own, may keep.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class SecurityHeaders extends HttpFilter {

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = applicationPath(request);
        response.setHeader("X-Content-Type-Options", "nosniff");
        // every answer, the API's too: the few pages it serves (a refused sign-in) are pages like any other
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("Referrer-Policy", "same-origin");
        if (path.startsWith("/api/")) {
            response.setHeader("Cache-Control", "no-store");
        }
        chain.doFilter(request, response);
    }

    /**
     * The path within the application as the container routes it: decoded, normalised, without
     * path parameters ({@code /api/v1;x/auth/whoami} is {@code /api/v1/auth/whoami}), so that no
     * spelling of an API path escapes the API's headers.
     */
    static String applicationPath(HttpServletRequest request) {
        return request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    }
}
