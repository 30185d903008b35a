package io.snippetstore.platform;

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

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        int status = original.getStatus();
        StatusCodes.Described described = StatusCodes.describe(status);
        return Response.fromResponse(original)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ErrorResponse.of(described.code(), described.message(), null))
                .build();
    }
}
