package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;

import jakarta.ejb.EJBException;
import jakarta.json.bind.JsonbException;
import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

class ExceptionMappersTest {

    private static ErrorResponse.Error errorOf(Response response) {
        ErrorResponse body = (ErrorResponse) response.getEntity();
        assertFalse(body.ok());
        return body.error();
    }

    @Test
    void runtimeFailuresMapToTheirContractCodes() {
        WebApplicationExceptionMapper mapper = new WebApplicationExceptionMapper();

        assertEquals(
                "not_found", errorOf(mapper.toResponse(new NotFoundException())).code());
        assertEquals(
                "not_acceptable",
                errorOf(mapper.toResponse(new NotAcceptableException())).code());
        assertEquals(
                "unsupported_media_type",
                errorOf(mapper.toResponse(new NotSupportedException())).code());
        Response notAllowed = mapper.toResponse(new NotAllowedException("GET"));
        assertEquals(405, notAllowed.getStatus());
        assertEquals("method_not_allowed", errorOf(notAllowed).code());
        assertTrue(notAllowed.getHeaderString("Allow").contains("GET"));
    }

    @Test
    void anApiFailureWrappedByTheContainerKeepsItsAnswer() {
        Response response = new UnexpectedExceptionMapper().toResponse(new EJBException(ApiException.notFound()));

        assertEquals(404, response.getStatus());
        assertEquals("not_found", errorOf(response).code());
    }

    @Test
    void unreadableJsonFromAnyLayerIsABadRequest() {
        Response response = new UnexpectedExceptionMapper().toResponse(new RuntimeException(new JsonbException("x")));

        assertEquals(400, response.getStatus());
        assertEquals("bad_request", errorOf(response).code());
    }

    @Test
    void aFullDiskOrBusyDatabaseIsUnavailableNotInternal() {
        SQLException full = new SQLiteException("[SQLITE_FULL] database or disk is full", SQLiteErrorCode.SQLITE_FULL);
        Response response = new UnexpectedExceptionMapper().toResponse(new PersistenceException(full));

        assertEquals(503, response.getStatus());
        assertEquals("unavailable", errorOf(response).code());
        assertFalse(errorOf(response).message().contains("SQLITE"), "no database internals in the message");
    }

    @Test
    void aBusyDatabaseIsRecognisedByItsResultCodeWhateverClassLoaderTheDriverCameFrom() {
        // what the driver's exception looks like to code that cannot see its class: an SQLException
        // with SQLite's message and its extended result code SQLITE_BUSY_SNAPSHOT (517 = 5 | 2 << 8)
        SQLException busy =
                new SQLException("[SQLITE_BUSY_SNAPSHOT] Another database connection has already written", null, 517);
        Response response = new UnexpectedExceptionMapper().toResponse(new PersistenceException(busy));

        assertEquals(503, response.getStatus());
        assertEquals("unavailable", errorOf(response).code());
    }

    @Test
    void aConstraintFailureOfTheDatabaseIsNotMistakenForUnavailability() {
        SQLException constraint = new SQLException("[SQLITE_CONSTRAINT_UNIQUE] A UNIQUE constraint failed", null, 2067);

        assertEquals(
                500,
                new UnexpectedExceptionMapper()
                        .toResponse(new PersistenceException(constraint))
                        .getStatus());
    }

    @Test
    void anythingElseIsInternalWithAnIncidentIdAndNoInternals() {
        Response response = new UnexpectedExceptionMapper()
                .toResponse(new IllegalStateException("secret detail in SELECT * FROM users"));

        assertEquals(500, response.getStatus());
        ErrorResponse.Error error = errorOf(response);
        assertEquals("internal", error.code());
        assertTrue(error.message().matches(".*Incident [0-9a-f-]{36}\\..*"), error.message());
        assertFalse(error.message().contains("SELECT"));
    }
}
