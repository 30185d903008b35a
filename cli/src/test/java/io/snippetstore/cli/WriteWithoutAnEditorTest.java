package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The refusals of writing without an editor that come before any request (the flows are in CommandLineClientTests). */
class WriteWithoutAnEditorTest {

    @TempDir
    Path home;

    private final StringWriter err = new StringWriter();

    private int run(String... arguments) {
        Terminal terminal = TestTerminals.capturing(new StringWriter(), err, "code\n".getBytes());
        Map<String, String> environment = Map.of(
                "XDG_CONFIG_HOME", home.toString(), "SNIPPETS_SERVER", "http://127.0.0.1:1", "SNIPPETS_TOKEN", "sst_x");
        return Snippets.commandLine(environment, terminal).execute(arguments);
    }

    @Test
    void aSnippetFromStandardInputNeedsATitle() {
        assertEquals(Failure.USAGE, run("new", "-l", "text", "-"));
        assertTrue(err.toString().contains("--title"), err.toString());
    }

    @Test
    void standardInputCannotBeBothTheCodeAndTheNotes() {
        assertEquals(Failure.USAGE, run("edit", "01a2", "--code", "-", "--notes", "-"));
        assertTrue(err.toString().contains("read once"), err.toString());
    }

    @Test
    void anAttachmentsMediaTypeComesFromItsName() {
        assertEquals("text/plain", AttachmentCommands.Attach.mediaType(Path.of("notes.txt")));
        assertEquals("image/png", AttachmentCommands.Attach.mediaType(Path.of("diagram.png")));
        assertEquals("application/octet-stream", AttachmentCommands.Attach.mediaType(Path.of("blob.zzz-unknown")));
    }
}
