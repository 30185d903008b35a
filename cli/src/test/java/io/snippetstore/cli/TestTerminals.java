package io.snippetstore.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.Writer;

/** Terminals for running the client in process: output and errors captured, no terminal attached, no colours. */
final class TestTerminals {

    private TestTerminals() {}

    static Terminal capturing(Writer out, Writer err) {
        return capturing(out, err, new byte[0]);
    }

    /** As {@link #capturing(Writer, Writer)}, with {@code typed} on standard input. */
    static Terminal capturing(Writer out, Writer err, byte[] typed) {
        return new Terminal(
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                new ByteArrayOutputStream(),
                new ByteArrayInputStream(typed),
                false,
                false);
    }
}
