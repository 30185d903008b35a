package io.snippetstore.platform;

import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Bean Validation failures as 400 {@code validation_failed}, one detail per broken field rule. */
@Provider
public class ConstraintViolationExceptionMapper implements ExceptionMapper<ConstraintViolationException> {

    @Override
    public Response toResponse(ConstraintViolationException exception) {
        return ApiExceptionMapper.respond(
                ApiException.validationFailed(FieldErrors.of(exception.getConstraintViolations())));
    }
}
