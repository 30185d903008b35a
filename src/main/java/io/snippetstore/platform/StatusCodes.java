package io.snippetstore.platform;

import java.util.Map;

/** The error code and a plain message for a status that the runtime or the container decided, not the application. */
final class StatusCodes {

    record Described(String code, String message) {}

    private static final Map<Integer, Described> BY_STATUS = Map.of(
            400, new Described("bad_request", "The request is malformed."),
            401, new Described("unauthenticated", "Authentication is required."),
            403, new Described("forbidden", "This is not allowed."),
            404, new Described("not_found", "No such resource."),
            405, new Described("method_not_allowed", "This method is not allowed on this resource."),
            406, new Described("not_acceptable", "This resource only answers with application/json."),
            413, new Described("payload_too_large", "The request body is too large."),
            415, new Described("unsupported_media_type", "This content type is not supported here."));

    private StatusCodes() {}

    static Described describe(int status) {
        return BY_STATUS.getOrDefault(
                status,
                status >= 500
                        ? new Described("internal", "The server could not complete the request.")
                        : new Described("bad_request", "The request cannot be processed."));
    }
}
