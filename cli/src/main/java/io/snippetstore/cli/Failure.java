package io.snippetstore.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.UnmappableCharacterException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * A failure the user can act on, with the exit code docs/CLI.md documents: the message is shown
 * as it is (the API's own message where the service answered), never a stack trace.
 */
final class Failure extends RuntimeException {

    static final int USAGE = 1;
    static final int NOT_FOUND = 2;
    static final int AUTH = 3;
    static final int CONFLICT = 4;
    static final int SERVER = 5;
    static final int FORBIDDEN = 6;
    /** A source's rate limit (snippets import), used up for longer than the client waits. */
    static final int RATE_LIMITED = 7;
    /** A source that does not answer as the API and versions docs/CLI.md names do (snippets import). */
    static final int UNSUPPORTED = 8;
    /** A file to import that is not what it should be: not JSON, or not snippets (snippets import). */
    static final int INVALID_INPUT = 9;

    private final int exitCode;
    /** The API's error code, when the service answered with one. */
    private final String apiCode;

    Failure(int exitCode, String message) {
        this(exitCode, message, null);
    }

    Failure(int exitCode, String message, String apiCode) {
        super(message, null, false, false);
        this.exitCode = exitCode;
        this.apiCode = apiCode;
    }

    int exitCode() {
        return exitCode;
    }

    java.util.Optional<String> apiCode() {
        return java.util.Optional.ofNullable(apiCode);
    }

    /**
     * What a command threw, as a failure to show: itself when it is one; a local file's trouble
     * (the client's own input and output) as a usage failure naming the file; anything else as a
     * server failure. The message is never a bare Java one.
     */
    static Failure of(Throwable thrown) {
        if (thrown instanceof Failure failure) {
            return failure;
        }
        Throwable cause = thrown instanceof UncheckedIOException unchecked ? unchecked.getCause() : thrown;
        if (cause instanceof MalformedInputException || cause instanceof UnmappableCharacterException) {
            return new Failure(USAGE, "A file is not UTF-8 text.");
        }
        if (cause instanceof FileSystemException file) {
            String reason = file.getReason() != null
                    ? file.getReason()
                    : cause instanceof NoSuchFileException
                            ? "no such file"
                            : cause instanceof AccessDeniedException
                                    ? "permission denied"
                                    : cause instanceof FileAlreadyExistsException ? "it exists" : "it failed";
            return new Failure(USAGE, "Cannot use " + file.getFile() + ": " + reason + ".");
        }
        if (cause instanceof IOException) {
            return new Failure(USAGE, "A local file or stream could not be read or written.");
        }
        return new Failure(
                SERVER,
                "Something unexpected happened (" + thrown.getClass().getSimpleName()
                        + "); the service may have answered "
                        + "in a way this client does not know: is it a newer version?");
    }

    /** The exit code for an HTTP status of the API. */
    static int forStatus(int status) {
        return switch (status) {
            case 401 -> AUTH;
            case 403 -> FORBIDDEN;
            case 404, 410 -> NOT_FOUND;
            case 409, 412 -> CONFLICT;
            default -> status >= 500 ? SERVER : USAGE;
        };
    }
}
