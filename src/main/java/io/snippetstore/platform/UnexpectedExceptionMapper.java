package io.snippetstore.platform;

import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

import jakarta.json.JsonException;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * The last line: whatever no other mapper claimed. Known causes wrapped by the container
 * (an API failure inside an EJBException, unreadable JSON, a database that cannot take the
 * request) get their proper answer; anything else is logged with an incident id and answered
 * 500 {@code internal} with nothing but that id.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class.getName());

    @Override
    public Response toResponse(Throwable failure) {
        Optional<ApiException> apiFailure = causeOfType(failure, ApiException.class);
        if (apiFailure.isPresent()) {
            return ApiExceptionMapper.respond(apiFailure.get());
        }
        Optional<WebApplicationException> webFailure = causeOfType(failure, WebApplicationException.class);
        if (webFailure.isPresent()) {
            return new WebApplicationExceptionMapper().toResponse(webFailure.get());
        }
        if (causes(failure).anyMatch(cause -> cause instanceof JsonException || cause instanceof JsonbException)) {
            return ApiExceptionMapper.respond(ApiException.badRequest("The request body is not valid JSON."));
        }
        String incident = UUID.randomUUID().toString();
        if (SqliteFailures.isUnavailable(failure)) {
            LOG.log(Level.WARNING, "Incident " + incident + ": the database could not take the request", failure);
            return ApiExceptionMapper.respond(ApiException.unavailable(
                    "The database cannot take this request right now; nothing was changed. Incident " + incident
                            + "."));
        }
        LOG.log(Level.SEVERE, "Incident " + incident, failure);
        return ErrorResponse.respond(
                        500, "internal", "The server could not complete the request. Incident " + incident + ".", null)
                .build();
    }

    static Stream<Throwable> causes(Throwable failure) {
        return Stream.iterate(failure, cause -> cause != null, Throwable::getCause)
                .limit(32);
    }

    static <T extends Throwable> Optional<T> causeOfType(Throwable failure, Class<T> type) {
        return causes(failure).filter(type::isInstance).map(type::cast).findFirst();
    }
}
