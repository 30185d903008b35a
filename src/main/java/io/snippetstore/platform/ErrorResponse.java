package io.snippetstore.platform;

import java.util.List;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The failure envelope: {@code {"ok": false, "error": {"code", "message", "details"?}}}. */
@JsonbPropertyOrder({"ok", "error"})
public record ErrorResponse(boolean ok, Error error) {

    @JsonbPropertyOrder({"code", "message", "details"})
    public record Error(String code, String message, List<FieldError> details) {}

    public static ErrorResponse of(String code, String message, List<FieldError> details) {
        return new ErrorResponse(
                false, new Error(code, message, details == null || details.isEmpty() ? null : details));
    }

    /** A response builder for this error, so that mappers only add headers of their own. */
    public static Response.ResponseBuilder respond(int status, String code, String message, List<FieldError> details) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(of(code, message, details));
    }
}
