package io.snippetstore.platform;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

@Provider
public class ApiExceptionMapper implements ExceptionMapper<ApiException> {

    @Override
    public Response toResponse(ApiException exception) {
        return respond(exception);
    }

    static Response respond(ApiException exception) {
        Response.ResponseBuilder response = ErrorResponse.respond(
                exception.status(), exception.code(), exception.getMessage(), exception.details());
        exception.headers().forEach(response::header);
        return response.build();
    }
}
