package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class RenderingTest {

    private static final JsonObject SNIPPET =
            Json.createReader(new StringReader("""
            {"variables": [
              {"name": "namespace", "default": null, "choices": [], "occurrences": 2},
              {"name": "app", "default": "web", "choices": [], "occurrences": 1},
              {"name": "host", "default": null, "choices": [], "occurrences": 1}]}""")).readObject();

    private final StringWriter err = new StringWriter();

    private Terminal terminal(boolean interactive, String typed) {
        return new Terminal(
                new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true),
                new ByteArrayOutputStream(),
                new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)),
                interactive,
                false);
    }

    @Test
    void aSetSplitsAtItsFirstEqualsSignAndKeepsTheRestOfTheValue() {
        assertEquals(Map.of("q", "a=b", "empty", ""), Rendering.parse(List.of("q=a=b", "empty=")));
    }

    @Test
    void aSetWithoutANameOrGivenTwiceIsAUsageError() {
        for (List<String> sets : List.of(List.of("novalue"), List.of("=x"), List.of("a=1", "a=2"))) {
            Failure failure = assertThrows(Failure.class, () -> Rendering.parse(sets));
            assertEquals(Failure.USAGE, failure.exitCode());
        }
    }

    @Test
    void onATerminalEachVariableWithoutAValueOrDefaultIsAskedForInOrder() throws IOException {
        Map<String, String> values = Rendering.completed(SNIPPET, Map.of("host", "db1"), terminal(true, "prod\n"));

        assertEquals(Map.of("namespace", "prod", "host", "db1"), values);
        assertEquals("namespace: ", err.toString());
    }

    @Test
    void answersTypedAheadAreEachReadForTheirOwnQuestion() throws IOException {
        Terminal typedAhead = terminal(true, "prod\r\ndb1\ny\n");

        assertEquals(Map.of("namespace", "prod", "host", "db1"), Rendering.completed(SNIPPET, Map.of(), typedAhead));
        assertTrue(typedAhead.confirmed("Run it?"), "the confirmation typed ahead is still there");
    }

    @Test
    void withoutATerminalAMissingValueIsAUsageErrorNamingWhatToSet() {
        Failure failure =
                assertThrows(Failure.class, () -> Rendering.completed(SNIPPET, Map.of(), terminal(false, "")));

        assertEquals(Failure.USAGE, failure.exitCode());
        assertTrue(failure.getMessage().contains("--set namespace=… --set host=…"), failure.getMessage());
    }

    @Test
    void givenValuesLeaveNothingToAsk() throws IOException {
        Map<String, String> given = Map.of("namespace", "a", "host", "b");
        assertEquals(given, Rendering.completed(SNIPPET, given, terminal(false, "")));
    }
}
