package io.snippetstore.platform;

import jakarta.ws.rs.core.Response.Status;

/** The database cannot take the request now (busy, unreachable, disk full); nothing was changed. */
public class ServiceUnavailableException extends ApiException {

    public ServiceUnavailableException(String message) {
        super(Status.SERVICE_UNAVAILABLE.getStatusCode(), "unavailable", message);
    }
}
