package io.snippetstore.platform;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import jakarta.ejb.ApplicationException;

/**
 * A failure the client can act on: it carries the HTTP status, the stable error code of the
 * API contract and a human sentence. Thrown from any layer, it rolls the transaction back and
 * reaches the client unchanged through {@link ApiExceptionMapper}.
 *
 * <p>The factories below are the catalogue of the application's error codes (docs/API.md lists
 * them for clients); statuses the container decides are described by {@link StatusCodes}.
 */
@ApplicationException(rollback = true, inherited = true)
public class ApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final List<FieldError> details;
    private final Map<String, String> headers;
    private final boolean answerAfterRetryDelay;

    /** How long a client waits after a {@link #passwordChecksBusy()}. */
    public static final long PASSWORD_CHECKS_BUSY_SECONDS = 1;

    private ApiException(int status, String code, String message) {
        this(status, code, message, List.of(), Map.of());
    }

    private ApiException(
            int status, String code, String message, List<FieldError> details, Map<String, String> headers) {
        this(status, code, message, details, headers, false);
    }

    private ApiException(
            int status,
            String code,
            String message,
            List<FieldError> details,
            Map<String, String> headers,
            boolean answerAfterRetryDelay) {
        super(message, null, false, false);
        this.answerAfterRetryDelay = answerAfterRetryDelay;
        this.status = status;
        this.code = code;
        this.details = List.copyOf(details);
        this.headers = Map.copyOf(headers);
    }

    public static ApiException badRequest(String message) {
        return new ApiException(400, "bad_request", message);
    }

    public static ApiException badRequest(String message, List<FieldError> details) {
        return new ApiException(400, "bad_request", message, details, Map.of());
    }

    public static ApiException validationFailed(List<FieldError> details) {
        return new ApiException(400, "validation_failed", "The request has invalid fields.", details, Map.of());
    }

    /** A browser login's callback is not a loopback URL this service may redirect to. */
    public static ApiException invalidCallback(String message) {
        return new ApiException(400, "invalid_callback", message);
    }

    /** A browser login's code cannot be exchanged: one answer for every reason, so that none is revealed. */
    public static ApiException invalidCode() {
        return new ApiException(400, "invalid_code", "The code is unknown, used, expired, or its verifier is wrong.");
    }

    /** A device login's client polls before the user decided: poll again after the interval. */
    public static ApiException authorizationPending() {
        return new ApiException(
                400,
                "authorization_pending",
                "The user has not approved or denied this login yet; poll again after the interval.");
    }

    /** A device login's client polls sooner than its interval allows. */
    public static ApiException slowDown(long intervalSeconds) {
        return new ApiException(
                400, "slow_down", "Polled too soon: wait at least " + intervalSeconds + " seconds between polls.");
    }

    /** The user denied the device login. */
    public static ApiException accessDenied() {
        return new ApiException(400, "access_denied", "The user denied this login.");
    }

    /** The device login ended before it was approved and its token taken: start a new one. */
    public static ApiException expiredToken() {
        return new ApiException(400, "expired_token", "This login expired before it was approved; start a new one.");
    }

    /** The caller typed too many unknown device-login codes in a row: {@code Retry-After} says when the next is heard. */
    public static ApiException tooManyWrongCodes(Duration wait) {
        return new ApiException(
                429,
                "rate_limited",
                "Too many unknown codes were typed; try again later.",
                List.of(),
                Map.of("Retry-After", String.valueOf(Math.max(1, (wait.toMillis() + 999) / 1000))));
    }

    /** One client address has as many device logins waiting as it may: the oldest end within {@code wait}. */
    public static ApiException tooManyDeviceLogins(Duration wait) {
        return new ApiException(
                429,
                "rate_limited",
                "Too many device logins wait for this address; finish or let some expire first.",
                List.of(),
                Map.of("Retry-After", String.valueOf(Math.max(1, wait.toSeconds()))));
    }

    public static ApiException unsupportedBackend(String backend, List<String> supported) {
        return new ApiException(
                400,
                "unsupported_backend",
                "The backend '" + backend + "' is not supported; supported: " + String.join(", ", supported) + ".");
    }

    /** A file offered for a restore cannot replace the database: the message says why. */
    public static ApiException invalidBackup(String reason) {
        return new ApiException(400, "invalid_backup", reason);
    }

    /** An archive offered for an import is not one this service can take: the message says where and why. */
    public static ApiException invalidArchive(String reason) {
        return new ApiException(400, "invalid_archive", reason);
    }

    /** No usable credential: the {@code WWW-Authenticate} header names the scheme that would do. */
    public static ApiException unauthenticated(String message) {
        return new ApiException(401, "unauthenticated", message, List.of(), Map.of("WWW-Authenticate", "Bearer"));
    }

    public static ApiException invalidCredentials() {
        return new ApiException(401, "invalid_credentials", "Wrong username or password.");
    }

    public static ApiException forbidden(String message) {
        return new ApiException(403, "forbidden", message);
    }

    public static ApiException sessionRequired() {
        return new ApiException(
                403, "session_required", "This endpoint needs a browser session; a token is not enough.");
    }

    public static ApiException passwordChangeRequired() {
        return new ApiException(
                403,
                "password_change_required",
                "Your password is temporary: change it (POST /api/v1/auth/password) before anything else.");
    }

    /**
     * A token without a scope the operation needs ({@code scopes}: their names, space-separated):
     * {@code WWW-Authenticate} says so as RFC 6750 section 3.1 does.
     */
    public static ApiException insufficientScope(String scopes) {
        return new ApiException(
                403,
                "insufficient_scope",
                "This token lacks the scope this needs: " + scopes + ".",
                List.of(),
                Map.of("WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\"" + scopes + "\""));
    }

    public static ApiException csrfRejected() {
        return new ApiException(403, "csrf_rejected", "Cross-origin requests with the session cookie are refused.");
    }

    public static ApiException notFound() {
        return new ApiException(404, "not_found", "No such resource.");
    }

    /** A 404 that says what is missing, for a resource whose parent exists. */
    public static ApiException notFound(String message) {
        return new ApiException(404, "not_found", message);
    }

    public static ApiException conflict(String message) {
        return new ApiException(409, "conflict", message);
    }

    /** The body's {@code Content-Type} is missing or not one this endpoint reads; {@code expected} names the one it does. */
    public static ApiException unsupportedMediaType(String expected) {
        return new ApiException(415, "unsupported_media_type", "This endpoint reads " + expected + " bodies.");
    }

    /** An {@code If-Match} names another version than the current one. */
    public static ApiException preconditionFailed(String message) {
        return new ApiException(412, "precondition_failed", message);
    }

    /** The write would take its owner past the bytes one user may store. */
    public static ApiException quotaExceeded(long quotaBytes) {
        return new ApiException(
                413,
                "quota_exceeded",
                "This would take the snippets' owner past the " + quotaBytes
                        + " bytes one user may store; delete snippets or attachments first.");
    }

    public static ApiException payloadTooLarge(String message) {
        return new ApiException(413, "payload_too_large", message);
    }

    /** A {@code Range} that starts past the end of a file of {@code size} bytes. */
    public static ApiException rangeNotSatisfiable(long size) {
        return new ApiException(
                416,
                "range_not_satisfiable",
                "The file has " + size + " bytes; the range asks for none of them.",
                List.of(),
                Map.of("Content-Range", "bytes */" + size));
    }

    /** Too many failed logins: {@code Retry-After} says, in whole seconds, when the next attempt is heard. */
    public static ApiException rateLimited(Duration wait) {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
        return new ApiException(
                429,
                "rate_limited",
                "Too many failed logins for this username; try again later.",
                List.of(),
                Map.of("Retry-After", String.valueOf(seconds)));
    }

    /**
     * Every place for a password check (in all, or for this client address) is taken: try again
     * in {@link #PASSWORD_CHECKS_BUSY_SECONDS}, which is also when the answer should be sent.
     */
    public static ApiException passwordChecksBusy() {
        return new ApiException(
                429,
                "rate_limited",
                "Too many sign-ins are being checked at the moment; try again in a second.",
                List.of(),
                Map.of("Retry-After", String.valueOf(PASSWORD_CHECKS_BUSY_SECONDS)),
                true);
    }

    /** Every place for one kind of costly work ({@code what}: "diffs and merges", "imports") is taken, in all or for this caller. */
    public static ApiException busy(String what, Duration retryAfter) {
        return new ApiException(
                429,
                "rate_limited",
                "Too many " + what + " are running at the moment; try again shortly.",
                List.of(),
                Map.of("Retry-After", String.valueOf(Math.max(1, retryAfter.toSeconds()))));
    }

    /** Whether the answer is better sent only after its {@code Retry-After}: a refusal that costs the client nothing to repeat. */
    public boolean answerAfterRetryDelay() {
        return answerAfterRetryDelay;
    }

    /** The service cannot take the request now (busy, unreachable, disk full); nothing was changed. */
    public static ApiException unavailable(String message) {
        return new ApiException(503, "unavailable", message);
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
