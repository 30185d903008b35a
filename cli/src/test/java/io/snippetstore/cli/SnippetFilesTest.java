package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Snippets taken out for VS Code and for a wiki (docs/CLI.md, "Taking snippets out"). */
class SnippetFilesTest {

    @TempDir
    Path home;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private StagedHttp service;

    @AfterEach
    void stop() {
        if (service != null) {
            service.close();
        }
    }

    private static JsonObject snippet(String title, String language, String code, String notes) {
        return Json.createObjectBuilder()
                .add("id", "01" + title.hashCode())
                .add("title", title)
                .add("description", "what it does")
                .add("notes", notes)
                .add("language", language)
                .add("code", code)
                .add("tags", Json.createArrayBuilder().add("ops"))
                .build();
    }

    @Test
    void variablesBecomeNumberedPlaceholdersAndChoicesChoiceLists() {
        assertEquals(
                "kubectl -n ${1:namespace} rollout ${2|restart,status|} deploy/${3:web} -n $1",
                SnippetFiles.body(
                        "kubectl -n {{namespace}} rollout {{verb|restart|status}} deploy/{{app:web}} -n {{namespace!sh}}"));
    }

    @Test
    void dollarsBracesAndBackslashesAreEscapedAndADoubledBraceIsOneLiteralBrace() {
        assertEquals("echo \\$HOME \\} \\\\n {{name\\}\\}", SnippetFiles.body("echo $HOME } \\n {{{{name}}"));
    }

    @Test
    void aBodyImportedFromVsCodeGoesBackToWhatItWas() {
        String vsCode = "ssh ${1:host} -p ${2:2222} ${3|a,b|} \\$HOME; ping $1";
        assertEquals(vsCode, SnippetFiles.body(VsCodeSnippets.template(vsCode)));
    }

    @Test
    void markdownFencesEachCodeLongerThanAnyRunOfBackticksInIt() {
        String document = SnippetFiles.markdown(
                "Snippets", java.util.List.of(snippet("Fences", "markdown", "```sh\nls\n```", "see also")));

        assertTrue(
                document.startsWith("# Snippets\n\n## Fences\n\nwhat it does\n\nTags: `ops`\n\n````markdown\n```sh"),
                document);
        assertTrue(document.contains("```\n````\n\nsee also\n"), document);
    }

    @Test
    void aTagsSnippetsAreWrittenAsAVsCodeFileWithTheirPrefixesAndLanguages() throws Exception {
        service = new StagedHttp()
                .on(
                        "GET /api/v1/snippets",
                        request -> StagedHttp.Reply.json(Json.createObjectBuilder()
                                .add("ok", true)
                                .add(
                                        "data",
                                        Json.createArrayBuilder()
                                                .add(snippet("Drain a node", "bash", "kubectl drain {{node}}", ""))
                                                .add(snippet(
                                                        "Drain a node",
                                                        "python",
                                                        "print(1)",
                                                        "VS Code prefix: dr, drain")))
                                .add("meta", Json.createObjectBuilder().addNull("nextCursor"))
                                .build()
                                .toString()));
        Path file = home.resolve("team.code-snippets");

        int exitCode = Snippets.commandLine(
                        Map.of(
                                "XDG_CONFIG_HOME", home.toString(),
                                "SNIPPETS_SERVER", service.address(),
                                "SNIPPETS_TOKEN", "sst_test"),
                        TestTerminals.capturing(out, err))
                .execute("export", "--format", "vscode", "--tag", "ops", "-o", file.toString());

        assertEquals(0, exitCode, err::toString);
        assertTrue(service.requests.get(0).pathAndQuery().contains("&tag=ops"), service.requests::toString);
        JsonObject written = Json.createReader(new StringReader(Files.readString(file, StandardCharsets.UTF_8)))
                .readObject();
        JsonObject first = written.getJsonObject("Drain a node");
        assertEquals("[\"drain-a-node\"]", first.getJsonArray("prefix").toString());
        assertEquals("[\"kubectl drain ${1:node}\"]", first.getJsonArray("body").toString());
        assertEquals("shellscript", first.getString("scope"));
        JsonObject second = written.getJsonObject("Drain a node (2)");
        assertEquals("[\"dr\",\"drain\"]", second.getJsonArray("prefix").toString(), "the prefixes it came in with");
        assertEquals(
                Failure.USAGE,
                Snippets.commandLine(Map.of("XDG_CONFIG_HOME", home.toString()), TestTerminals.capturing(out, err))
                        .execute("export", "--tag", "ops"),
                "the archive holds everything");
    }
}
