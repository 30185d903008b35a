package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

/** What a person at a terminal reads, and what a pipe gets (clig.dev). */
class OutputTest {

    private static final List<JsonObject> ROWS = List.of(
            Json.createObjectBuilder()
                    .add("id", "a1")
                    .add("title", "Disk\tusage")
                    .build(),
            Json.createObjectBuilder().add("id", "b2").add("title", "Ping").build());

    private static final List<Output.Column> COLUMNS = List.of(
            new Output.Column("ID", 36, row -> Output.text(row, "id")),
            new Output.Column("TITLE", 40, row -> Output.text(row, "title")));

    private static Terminal terminal(StringWriter out, boolean interactive) {
        return new Terminal(
                new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true),
                new ByteArrayOutputStream(),
                new ByteArrayInputStream(new byte[0]),
                interactive,
                false);
    }

    @Test
    void aPipeGetsTabSeparatedRowsWithoutAHeading() {
        StringWriter out = new StringWriter();

        new Output(terminal(out, false)).table(ROWS, COLUMNS);

        assertEquals(
                List.of("a1\tDisk usage", "b2\tPing"), out.toString().lines().toList());
    }

    @Test
    void aTerminalGetsAlignedColumnsUnderAHeading() {
        StringWriter out = new StringWriter();

        new Output(terminal(out, true)).table(ROWS, COLUMNS);

        assertEquals(
                List.of("ID  TITLE", "a1  Disk usage", "b2  Ping"),
                out.toString().lines().toList());
    }

    @Test
    void aListIsDataAndNextCursorOnOneLineForAPipe() {
        StringWriter out = new StringWriter();

        new Output(terminal(out, false)).page(ROWS.subList(1, 2), Optional.of("c3"));

        assertEquals("{\"data\":[{\"id\":\"b2\",\"title\":\"Ping\"}],\"nextCursor\":\"c3\"}\n", out.toString());
    }
}
