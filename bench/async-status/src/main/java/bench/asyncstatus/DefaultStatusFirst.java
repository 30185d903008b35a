package bench.asyncstatus;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** What the service's platform.DefaultStatusOnRequestThread does, here only under {@code settled}. */
@WebFilter(urlPatterns = "/api/settled/*", asyncSupported = true)
public class DefaultStatusFirst extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setStatus(HttpServletResponse.SC_OK);
        chain.doFilter(request, response);
    }
}
