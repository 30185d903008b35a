package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class RowFormatTest {

    private static final JsonObject SNIPPET =
            Json.createReader(new StringReader("""
            {"id": "01a", "title": "Restart", "description": null, "tags": ["ops", "k8s"], "version": 3,
             "owner": {"id": "u1", "username": "ana"}, "variables": [{"name": "ns"}, {"name": "app"}]}""")).readObject();

    @Test
    void fieldsEscapesAndNestedFieldsMakeOneLine() {
        assertEquals(
                "01a\tRestart\tana\tops,k8s\tv3",
                RowFormat.parse("{id}\\t{title}\\t{owner.username}\\t{tags}\\tv{version}")
                        .line(SNIPPET));
    }

    @Test
    void nullAndAbsentAreEmptyAndNamedObjectsShowTheirNames() {
        assertEquals(
                "[][ns,app][]",
                RowFormat.parse("[{description}][{variables}][{owner.nothing}]").line(SNIPPET));
    }

    @Test
    void doubledBracesAndBackslashesAreLiteral() {
        assertEquals("{id} 01a \\", RowFormat.parse("{{id} {id} \\\\").line(SNIPPET));
    }

    @Test
    void aMalformedOrUnknownFieldIsAUsageErrorBeforeAnythingIsPrinted() {
        for (String template : List.of("{id", "{}", "{1x}", "{a b}")) {
            assertEquals(
                    Failure.USAGE,
                    assertThrows(Failure.class, () -> RowFormat.parse(template)).exitCode(),
                    template);
        }
        Failure unknown =
                assertThrows(Failure.class, () -> RowFormat.parse("{titel}").requireKnown(List.of("id", "title")));
        assertTrue(unknown.getMessage().contains("no field titel"), unknown.getMessage());
    }
}
