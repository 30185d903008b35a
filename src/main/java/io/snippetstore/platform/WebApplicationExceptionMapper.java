package io.snippetstore.platform;

import java.util.Map;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Failures raised by the JAX-RS runtime itself (no matching path, method, media type) in the
 * error envelope, keeping the runtime's headers such as {@code Allow}.
 */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    private record Described(String code, String message) {
    }

    private static final Map<Integer, Described> BY_STATUS = Map.of(
            400, new Described("bad_request", "The request is malformed."),
            401, new Described("unauthenticated", "Authentication is required."),
            403, new Described("forbidden", "This is not allowed."),
            404, new Described("not_found", "No such resource."),
            405, new Described("method_not_allowed", "This method is not allowed on this resource."),
            406, new Described("not_acceptable", "This resource only answers with application/json."),
            413, new Described("payload_too_large", "The request body is too large."),
            415, new Described("unsupported_media_type", "This content type is not supported here."));

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        int status = original.getStatus();
        Described described = BY_STATUS.getOrDefault(status, status >= 500
                ? new Described("internal", "The server could not complete the request.")
                : new Described("bad_request", "The request cannot be processed."));
        return Response.fromResponse(original)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ErrorResponse.of(described.code(), described.message(), null))
                .build();
    }
}
