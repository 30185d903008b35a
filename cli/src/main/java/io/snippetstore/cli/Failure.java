package io.snippetstore.cli;

/**
 * A failure the user can act on, with the exit code the README documents: the message is shown
 * as it is (the API's own message where the service answered), never a stack trace.
 */
final class Failure extends RuntimeException {

    static final int USAGE = 1;
    static final int NOT_FOUND = 2;
    static final int AUTH = 3;
    static final int CONFLICT = 4;
    static final int SERVER = 5;

    private final int exitCode;

    Failure(int exitCode, String message) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }

    /** The exit code for an HTTP status of the API. */
    static int forStatus(int status) {
        return switch (status) {
            case 401, 403 -> AUTH;
            case 404, 410 -> NOT_FOUND;
            case 409, 412 -> CONFLICT;
            default -> status >= 500 ? SERVER : USAGE;
        };
    }
}
