package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class IdsTest {

    private static Terminal typing(String input) {
        return TestTerminals.capturing(new StringWriter(), new StringWriter(), input.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void argumentsAreTheIdsEachOnce() throws IOException {
        assertEquals(List.of("a", "b"), Ids.of(List.of("a", "b", "a"), typing("ignored\n")));
    }

    @Test
    void aLoneDashReadsTheFirstWordOfEachLineOfStandardInput() throws IOException {
        String piped = "id-1\tFirst title\talice\n\n  id-2  \nid-1\nid-3";

        assertEquals(List.of("id-1", "id-2", "id-3"), Ids.of(List.of("-"), typing(piped)));
    }

    @Test
    void aDashBesideOtherIdsOrAnEmptyInputIsAUsageError() {
        Failure mixed = assertThrows(Failure.class, () -> Ids.of(List.of("a", "-"), typing("b\n")));
        Failure empty = assertThrows(Failure.class, () -> Ids.of(List.of("-"), typing("\n \n")));

        assertEquals(Failure.USAGE, mixed.exitCode());
        assertEquals(Failure.USAGE, empty.exitCode());
    }
}
