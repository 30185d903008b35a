package io.snippetstore.platform;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Sets an API answer's default status, 200, on the request's own thread before the request
 * reaches JAX-RS, so that no other thread writes it later. Payara's HTTP layer (Grizzly's
 * {@code HttpResponsePacket.getHttpStatus}) writes the default the first time the status is read,
 * and Payara reads it on the request thread once the resource method returns, for its monitoring.
 * A create is answered by another thread after its commit; when that thread set 201 between the
 * request thread's read and write, the 201 was overwritten and the create went out as 200 with
 * its {@code Location} (about one create in 100,000 under load; docs/benchmarks/issue-33.md,
 * thirteenth round). With the default written here first, that later read writes nothing.
 */
@WebFilter(urlPatterns = "/api/*", asyncSupported = true)
public class DefaultStatusOnRequestThread extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setStatus(HttpServletResponse.SC_OK);
        chain.doFilter(request, response);
    }
}
