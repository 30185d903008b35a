package io.snippetstore.platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

/**
 * Errors that the servlet container or the JAX-RS runtime answer by themselves under
 * {@code /api} (a header the runtime cannot parse, say), with {@code sendError} and the server's
 * own HTML page, are answered in the error envelope like every other API error.
 */
@WebFilter(urlPatterns = "/api/*", asyncSupported = true)
public class ApiErrorPages extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(request, new EnvelopedErrors(response));
    }

    /** Answers {@code status} in the error envelope, replacing whatever the response held. */
    static void writeEnvelope(HttpServletResponse response, int status, String code, String message)
            throws IOException {
        byte[] body = JsonProviders.SHARED
                .createObjectBuilder()
                .add("ok", false)
                .add(
                        "error",
                        JsonProviders.SHARED
                                .createObjectBuilder()
                                .add("code", code)
                                .add("message", message))
                .build()
                .toString()
                .getBytes(StandardCharsets.UTF_8);
        writeWhole(response, status, "application/json;charset=utf-8", body);
    }

    /** Answers {@code status} with {@code body}, replacing whatever the response held, and ends the response. */
    static void writeWhole(HttpServletResponse response, int status, String contentType, byte[] body)
            throws IOException {
        response.resetBuffer();
        response.setStatus(status);
        response.setContentType(contentType);
        // set here too: a refusal written before SecurityHeaders ran (filters' order is unspecified) keeps them
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        response.flushBuffer();
    }

    private static final class EnvelopedErrors extends HttpServletResponseWrapper {

        EnvelopedErrors(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void sendError(int status, String message) throws IOException {
            sendError(status);
        }

        @Override
        public void sendError(int status) throws IOException {
            if (isCommitted()) {
                super.sendError(status);
                return;
            }
            StatusCodes.Described described = StatusCodes.describe(status);
            writeEnvelope((HttpServletResponse) getResponse(), status, described.code(), described.message());
        }
    }
}
