package io.snippetstore.platform;

import java.util.List;
import java.util.Map;

import jakarta.ejb.ApplicationException;
import jakarta.ws.rs.core.Response.Status;

/**
 * A failure the client can act on: it carries the HTTP status, the stable error code of the
 * API contract and a human sentence. Thrown from any layer, it rolls the transaction back and
 * reaches the client unchanged through {@link ApiExceptionMapper}.
 */
@ApplicationException(rollback = true, inherited = true)
public class ApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final List<FieldError> details;
    private final Map<String, String> headers;

    public ApiException(int status, String code, String message) {
        this(status, code, message, List.of(), Map.of());
    }

    public ApiException(int status, String code, String message, List<FieldError> details, Map<String, String> headers) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.details = List.copyOf(details);
        this.headers = Map.copyOf(headers);
    }

    public static ApiException badRequest(String message) {
        return new ApiException(Status.BAD_REQUEST.getStatusCode(), "bad_request", message);
    }

    public static ApiException badRequest(String message, List<FieldError> details) {
        return new ApiException(Status.BAD_REQUEST.getStatusCode(), "bad_request", message, details, Map.of());
    }

    public static ApiException validationFailed(List<FieldError> details) {
        return new ApiException(Status.BAD_REQUEST.getStatusCode(), "validation_failed",
                "The request has invalid fields.", details, Map.of());
    }

    public static ApiException notFound() {
        return new ApiException(Status.NOT_FOUND.getStatusCode(), "not_found", "No such resource.");
    }

    public static ApiException payloadTooLarge(String message) {
        return new ApiException(Status.REQUEST_ENTITY_TOO_LARGE.getStatusCode(), "payload_too_large", message);
    }

    public static ApiException conflict(String message) {
        return new ApiException(Status.CONFLICT.getStatusCode(), "conflict", message);
    }

    public static ApiException forbidden(String message) {
        return new ApiException(Status.FORBIDDEN.getStatusCode(), "forbidden", message);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<FieldError> details() {
        return details;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
