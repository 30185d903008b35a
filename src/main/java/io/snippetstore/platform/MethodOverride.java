package io.snippetstore.platform;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;

/**
 * {@code POST} with {@code X-HTTP-Method-Override: PATCH} is a {@code PATCH}: for HTTP clients
 * that cannot send {@code PATCH} (the JDK's {@code HttpURLConnection}, which the command-line
 * client uses because it starts several times faster than the JDK's {@code HttpClient}). Only
 * {@code PATCH}, and only from {@code POST}: the request is then checked as any {@code PATCH}
 * (the same-origin rule included; a browser form cannot set the header, and a cross-origin script
 * that sets it is stopped by the CORS preflight this service never answers).
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION - 1_000)
public class MethodOverride implements ContainerRequestFilter {

    static final String HEADER = "X-HTTP-Method-Override";

    @Override
    public void filter(ContainerRequestContext request) {
        String override = request.getHeaderString(HEADER);
        if (override != null && "POST".equals(request.getMethod()) && "PATCH".equalsIgnoreCase(override.strip())) {
            request.setMethod("PATCH");
        }
    }
}
