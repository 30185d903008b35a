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
        chain.doFilter(request, new HttpServletResponseWrapper(response) {
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
                byte[] body = JsonProviders.SHARED.createObjectBuilder()
                        .add("ok", false)
                        .add("error", JsonProviders.SHARED.createObjectBuilder().add("code", described.code()).add("message", described.message()))
                        .build().toString().getBytes(StandardCharsets.UTF_8);
                resetBuffer();
                setStatus(status);
                setContentType("application/json;charset=utf-8");
                setContentLength(body.length);
                getOutputStream().write(body);
                flushBuffer();
            }
        });
    }
}
