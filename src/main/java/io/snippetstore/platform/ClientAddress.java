package io.snippetstore.platform;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The network address of the client of the current request, as the server saw the connection.
 * A forwarded-for header is not trusted: any client can send one. Behind a reverse proxy this is
 * the proxy's address (docs/API.md says so).
 */
@ApplicationScoped
public class ClientAddress {

    /** The container's built-in request bean: a proxy to the request of the calling thread. */
    @Inject
    HttpServletRequest request;

    /** The address, when the calling thread serves a request (a timer does not). */
    public Optional<String> current() {
        try {
            return Optional.ofNullable(request.getRemoteAddr());
        } catch (ContextNotActiveException | IllegalStateException noRequest) {
            return Optional.empty();
        }
    }
}
