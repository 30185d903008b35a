package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void anAddressOfTheWebInterfaceOrTheApiNamesTheSnippetsId() {
        assertEquals("01ab", Ids.snippet("https://snippets.example.com/#/s/01ab"));
        assertEquals("01ab", Ids.snippet("http://127.0.0.1:8080/#/s/01ab/history"));
        assertEquals("01ab", Ids.snippet("HTTPS://Snippets.Example.com/#/s/01ab?line=3"));
        assertEquals("01ab", Ids.snippet("https://snippets.example.com/api/v1/snippets/01ab/raw"));
        assertEquals("01ab", Ids.snippet("  01ab "));
    }

    @Test
    void aShareLinkNamesItsServerWithItsContextPathAndItsSecret() {
        assertEquals(
                new Ids.Reference.ShareLink("https://example.com/tools", "s3cr3t-_"),
                Ids.reference("https://example.com/tools/s/s3cr3t-_#L4"));
        assertEquals(
                new Ids.Reference.ShareLink("http://127.0.0.1:8080", "abc"),
                Ids.reference("http://127.0.0.1:8080/api/v1/shared/abc/raw"));
    }

    @Test
    void aShareLinkWhereAnIdIsNeededOrAnAddressOfNoSnippetIsAUsageError() {
        Failure link = assertThrows(Failure.class, () -> Ids.snippet("https://example.com/s/abc"));
        Failure other = assertThrows(Failure.class, () -> Ids.snippet("https://example.com/#/trash"));

        assertEquals(Failure.USAGE, link.exitCode());
        assertTrue(link.getMessage().contains("share link"), link.getMessage());
        assertEquals(Failure.USAGE, other.exitCode());
    }

    @Test
    void idsReadFromStandardInputMayBeAddresses() throws IOException {
        assertEquals(
                List.of("01ab", "02cd"),
                Ids.of(List.of("-"), typing("https://example.com/#/s/01ab\n02cd\thttps://example.com/#/s/x\n01ab\n")));
    }
}
