package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code snippets import} from each source (issue 64), end to end in the client: the source staged
 * on loopback answering as its documented API does (pages, rate-limit headers and errors included),
 * the service staged beside it keeping the archive the client sends, which is read back here as
 * the service reads it.
 */
class MovingInTest {

    @TempDir
    Path home;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private StagedHttp source;
    private StagedHttp service;
    /** The snippets the staged service has, as {@code GET /api/v1/snippets} answers them. */
    private final List<JsonObject> existing = new ArrayList<>();
    /** Each archive the service was sent: its snippets' documents by path, and the attachments' bytes. */
    private final List<Map<String, byte[]>> archives = new ArrayList<>();

    @BeforeEach
    void stage() throws IOException {
        source = new StagedHttp();
        service = new StagedHttp()
                .on("GET /api/v1/snippets", request -> {
                    JsonArrayBuilder data = Json.createArrayBuilder();
                    existing.forEach(data::add);
                    return StagedHttp.Reply.json(Json.createObjectBuilder()
                            .add("ok", true)
                            .add("data", data)
                            .add("meta", Json.createObjectBuilder().addNull("nextCursor"))
                            .build()
                            .toString());
                })
                .on("POST /api/v1/import", request -> {
                    Map<String, byte[]> entries = unzip(request.body());
                    archives.add(entries);
                    JsonArrayBuilder created = Json.createArrayBuilder();
                    int n = 0;
                    for (String path : entries.keySet()) {
                        if (path.startsWith("snippets/")) {
                            JsonObject document = document(entries, path);
                            created.add(Json.createObjectBuilder()
                                    .add("sourceId", document.getString("id"))
                                    .add("id", "01new" + n++)
                                    .add("title", document.getString("title"))
                                    .add(
                                            "attachments",
                                            document.getJsonArray("attachments").size()));
                        }
                    }
                    return StagedHttp.Reply.json(Json.createObjectBuilder()
                            .add("ok", true)
                            .add(
                                    "data",
                                    Json.createObjectBuilder()
                                            .add("snippetsCreated", n)
                                            .add("snippets", created))
                            .build()
                            .toString());
                });
    }

    @AfterEach
    void stop() {
        source.close();
        service.close();
    }

    private int run(Map<String, String> more, String... arguments) {
        Map<String, String> environment = new HashMap<>(more);
        environment.put("XDG_CONFIG_HOME", home.toString());
        environment.put("SNIPPETS_SERVER", service.address());
        environment.put("SNIPPETS_TOKEN", "sst_test");
        return Snippets.commandLine(environment, TestTerminals.capturing(out, err))
                .execute(arguments);
    }

    private static Map<String, byte[]> unzip(byte[] archive) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(archive))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                entries.put(entry.getName(), zip.readAllBytes());
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return entries;
    }

    private static JsonObject document(Map<String, byte[]> entries, String path) {
        return Json.createReader(new StringReader(new String(entries.get(path), StandardCharsets.UTF_8)))
                .readObject();
    }

    /** The snippets' documents of the only archive sent, in the manifest's order. */
    private List<JsonObject> sentSnippets() {
        assertEquals(1, archives.size(), "one archive sent: " + err);
        Map<String, byte[]> entries = archives.get(0);
        JsonObject manifest = document(entries, "manifest.json");
        assertEquals("snippet-store-export", manifest.getString("format"));
        return manifest.getJsonArray("snippets").getValuesAs(JsonString.class).stream()
                .map(path -> document(entries, path.getString()))
                .toList();
    }

    private static String github(String gistId, boolean isPublic, String description, String filesJson) {
        return "{\"id\":\"" + gistId + "\",\"html_url\":\"https://gist.github.com/" + gistId + "\",\"public\":"
                + isPublic + ",\"description\":" + Json.createValue(description) + ",\"files\":" + filesJson + "}";
    }

    private void stageTwoPagesOfGists() {
        source.on(
                "GET /gists",
                request -> request.pathAndQuery().contains("page=2")
                        ? StagedHttp.Reply.json("[{\"id\":\"b2\"}]")
                        : StagedHttp.Reply.json("[{\"id\":\"a1\"}]")
                                .with(
                                        "Link",
                                        "<" + source.address() + "/gists?per_page=100&page=2>; rel=\"next\", <"
                                                + source.address() + "/gists?per_page=100&page=2>; rel=\"last\""));
        source.on(
                "GET /gists/a1",
                request -> StagedHttp.Reply.json(
                        github(
                                "a1",
                                true,
                                "Drain a node\nbefore maintenance, then uncordon it",
                                "{\"drain.sh\":{\"filename\":\"drain.sh\",\"language\":\"Shell\",\"content\":\"kubectl drain $1\"},"
                                        + "\"README.md\":{\"filename\":\"README.md\",\"language\":\"Markdown\",\"content\":\"# why\"}}")));
        source.on(
                "GET /gists/b2",
                request -> StagedHttp.Reply.json(github(
                        "b2",
                        false,
                        "",
                        "{\"big.py\":{\"filename\":\"big.py\",\"language\":\"Python\",\"truncated\":true,\"content\":\"print(\","
                                + "\"raw_url\":\"" + source.address() + "/raw/b2/big.py\"}}")));
        source.on(
                "GET /raw/b2/big.py",
                request -> new StagedHttp.Reply(
                        200,
                        Map.of("Content-Type", "text/plain"),
                        "print('all of it')\n".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aTokensGistsArePagedReadWholeAndSentAsOneArchiveWithTheirFilesAndVisibility() {
        stageTwoPagesOfGists();

        int exitCode = run(
                Map.of("GH_TOKEN", "ghp_secret"),
                "import",
                "gist",
                "--api-url",
                source.address(),
                "--tag",
                "From-Gist");

        assertEquals(0, exitCode, err::toString);
        List<JsonObject> sent = sentSnippets();
        assertEquals(2, sent.size());
        JsonObject drain = sent.get(0);
        assertEquals("Drain a node", drain.getString("title"), "the description's first line");
        assertEquals("Drain a node\nbefore maintenance, then uncordon it", drain.getString("description"));
        assertEquals("kubectl drain $1", drain.getString("code"), "the first file is the code");
        assertEquals("bash", drain.getString("language"), "GitHub's Shell, by this service's name");
        assertEquals("team", drain.getString("visibility"), "a public gist is the team's by default");
        assertEquals(
                List.of("from-gist"),
                drain.getJsonArray("tags").getValuesAs(JsonString.class).stream()
                        .map(JsonString::getString)
                        .toList());
        assertTrue(drain.getString("notes").endsWith("Imported from https://gist.github.com/a1"), drain::toString);
        JsonObject readme = drain.getJsonArray("attachments").getJsonObject(0);
        assertEquals("README.md", readme.getString("filename"), "the other files are attachments");
        assertEquals("# why", new String(archives.get(0).get(readme.getString("path")), StandardCharsets.UTF_8));
        assertEquals(ImportArchive.sha256("# why".getBytes(StandardCharsets.UTF_8)), readme.getString("sha256"));
        JsonObject big = sent.get(1);
        assertEquals("big.py", big.getString("title"), "no description: the file's name");
        assertEquals("print('all of it')\n", big.getString("code"), "a truncated file is read from its raw_url");
        assertEquals("private", big.getString("visibility"), "a secret gist is private by default");
        assertTrue(source.requests.stream()
                .filter(request -> !request.pathAndQuery().startsWith("/raw/"))
                .allMatch(request -> "Bearer ghp_secret".equals(request.header("Authorization"))
                        && "application/vnd.github+json".equals(request.header("Accept"))));
        assertTrue(out.toString().contains("2 created (1 attachments)"), out::toString);
    }

    @Test
    void aRateLimitThatResetsSoonIsWaitedOutAndOneThatResetsLaterFailsWithItsOwnExitCode() {
        stageTwoPagesOfGists();
        int[] refusals = {1};
        source.on(
                "GET /gists/b2",
                request -> refusals[0]-- > 0
                        ? StagedHttp.Reply.status(403, "{\"message\":\"API rate limit exceeded\"}")
                                .with("X-RateLimit-Remaining", "0")
                                .with(
                                        "X-RateLimit-Reset",
                                        String.valueOf(Instant.now().getEpochSecond() + 1))
                        : StagedHttp.Reply.json(
                                github("b2", true, "later", "{\"b.txt\":{\"filename\":\"b.txt\",\"content\":\"b\"}}")));

        assertEquals(0, run(Map.of("GH_TOKEN", "t"), "import", "gist", "--api-url", source.address()), err::toString);
        assertEquals(2, sentSnippets().size(), "all came in after the wait");
        assertTrue(err.toString().contains("rate limit is used up until"), err::toString);

        archives.clear();
        source.on(
                "GET /gists/b2",
                request -> StagedHttp.Reply.status(403, "{\"message\":\"API rate limit exceeded\"}")
                        .with("X-RateLimit-Remaining", "0")
                        .with("X-RateLimit-Reset", String.valueOf(Instant.now().getEpochSecond() + 3600)));
        assertEquals(
                Failure.RATE_LIMITED, run(Map.of("GH_TOKEN", "t"), "import", "gist", "--api-url", source.address()));
        assertTrue(archives.isEmpty(), "nothing half-imported");
        assertTrue(err.toString().contains("run the same command again then"), err::toString);
    }

    @Test
    void aWrongTokenAMissingUserAndAnAnswerThatIsNotJsonEachFailWithTheirOwnExitCodeAndNothingIsSent() {
        source.on("GET /gists", request -> StagedHttp.Reply.status(401, "{\"message\":\"Bad credentials\"}"));
        assertEquals(Failure.AUTH, run(Map.of("GH_TOKEN", "wrong"), "import", "gist", "--api-url", source.address()));
        assertTrue(err.toString().contains("GitHub refused the credentials"), err::toString);

        assertEquals(
                Failure.NOT_FOUND,
                run(Map.of(), "import", "gist", "--user", "nobody-here", "--api-url", source.address()));
        assertTrue(err.toString().contains("No GitHub user nobody-here."), err::toString);

        source.on(
                "GET /gists",
                request -> new StagedHttp.Reply(
                        200,
                        Map.of("Content-Type", "text/html"),
                        "<html>sign in</html>".getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                Failure.UNSUPPORTED, run(Map.of("GH_TOKEN", "t"), "import", "gist", "--api-url", source.address()));

        assertEquals(
                Failure.USAGE,
                run(Map.of(), "import", "gist", "--api-url", source.address()),
                "neither token nor user");
        assertTrue(archives.isEmpty());
        assertTrue(service.requests("POST /api/v1/import").isEmpty());
    }

    @Test
    void aRunThatIsNotSignedInFailsBeforeItReadsTheSource() {
        stageTwoPagesOfGists();

        int exitCode = Snippets.commandLine(
                        Map.of(
                                "XDG_CONFIG_HOME",
                                home.toString(),
                                "SNIPPETS_SERVER",
                                service.address(),
                                "GH_TOKEN",
                                "t"),
                        TestTerminals.capturing(out, err))
                .execute("import", "gist", "--api-url", source.address());

        assertEquals(Failure.AUTH, exitCode, err::toString);
        assertTrue(source.requests.isEmpty(), "the source was not read");
    }

    @Test
    void aSecondRunCreatesNothingTwiceAndUpdateSendsOnlyWhatChangedUnderTheVersionItRead() {
        stageTwoPagesOfGists();
        existing.add(Json.createObjectBuilder()
                .add("id", "01old")
                .add("version", 3)
                .add("title", "Drain a node")
                .add("description", "Drain a node\nbefore maintenance, then uncordon it")
                .add("notes", "Imported from https://gist.github.com/a1")
                .add("language", "bash")
                .add("code", "kubectl drain $1 --old")
                .add("tags", Json.createArrayBuilder())
                .build());
        service.on(
                "PATCH /api/v1/snippets/01old",
                request -> StagedHttp.Reply.json(
                        "{\"ok\":true,\"data\":{\"id\":\"01old\",\"title\":\"Drain a node\",\"version\":4}}"));

        assertEquals(0, run(Map.of("GH_TOKEN", "t"), "import", "gist", "--api-url", source.address()), err::toString);
        assertEquals(
                List.of("big.py"),
                sentSnippets().stream().map(s -> s.getString("title")).toList(),
                "only the gist that is not here yet");
        assertTrue(service.requests("POST /api/v1/snippets/01old").isEmpty(), "nothing updated without --update");

        archives.clear();
        assertEquals(
                0,
                run(Map.of("GH_TOKEN", "t"), "import", "gist", "--api-url", source.address(), "--update", "--dry-run"));
        assertTrue(
                archives.isEmpty()
                        && service.requests("POST /api/v1/snippets/01old").isEmpty(),
                "a dry run writes nothing");
        assertTrue(out.toString().contains("update  Drain a node  (code)  01old"), out::toString);

        assertEquals(0, run(Map.of("GH_TOKEN", "t"), "import", "gist", "--api-url", source.address(), "--update"));
        List<StagedHttp.Request> patches = service.requests("POST /api/v1/snippets/01old");
        assertEquals(1, patches.size());
        assertEquals("\"3\"", patches.get(0).header("If-Match"));
        assertEquals(
                "{\"code\":\"kubectl drain $1\"}",
                new String(patches.get(0).body(), StandardCharsets.UTF_8),
                "only the changed field");
    }

    @Test
    void opengistsVisibilityTitleAndTopicsComeInAndCredentialsGoOnlyToItsOwnAddress() {
        source.on("GET /api/v1/gists", request -> StagedHttp.Reply.json("[{\"id\":\"u1\"},{\"id\":\"u2\"}]"));
        source.on(
                "GET /api/v1/gists/u1",
                request -> StagedHttp.Reply.json(
                        "{\"id\":\"u1\",\"title\":\"Backup script\","
                                + "\"description\":\"nightly\",\"visibility\":\"unlisted\",\"topics\":[\"Ops\",\"backup\"],"
                                + "\"html_url\":\"" + source.address() + "/thomas/u1\","
                                + "\"files\":{\"backup.sh\":{\"filename\":\"backup.sh\",\"content\":\"tar czf b.tgz /srv\"}}}"));
        source.on(
                "GET /api/v1/gists/u2",
                request -> StagedHttp.Reply.json("{\"id\":\"u2\",\"title\":\"Keys\","
                        + "\"visibility\":\"private\",\"html_url\":\"" + source.address() + "/thomas/u2\","
                        + "\"files\":{\"k.txt\":{\"filename\":\"k.txt\",\"content\":\"k\"}}}"));

        int exitCode = run(
                Map.of("OPENGIST_TOKEN", "og_token"),
                "import",
                "opengist",
                "--url",
                source.address(),
                "--unlisted-as",
                "link",
                "--private-as",
                "private");

        assertEquals(0, exitCode, err::toString);
        List<JsonObject> sent = sentSnippets();
        assertEquals("Backup script", sent.get(0).getString("title"));
        assertEquals("nightly", sent.get(0).getString("description"));
        assertEquals("link", sent.get(0).getString("visibility"));
        assertEquals("bash", sent.get(0).getString("language"), "from the file's extension");
        assertEquals("[\"ops\",\"backup\"]", sent.get(0).getJsonArray("tags").toString());
        assertEquals("private", sent.get(1).getString("visibility"));
        assertTrue(source.requests.stream()
                .allMatch(request -> "Bearer og_token".equals(request.header("Authorization"))));
        assertTrue(service.requests.stream()
                .noneMatch(request -> "Bearer og_token".equals(request.header("Authorization"))));
    }

    @Test
    void byteStashSnippetsComeInWithTheirFragmentsInOrderCategoriesAsTagsAndTheirPublicFlag() {
        source.on(
                "GET /api/snippets",
                request -> StagedHttp.Reply.json(
                        "[{\"id\":7,\"title\":\"Deploy\","
                                + "\"description\":\"to prod\",\"is_public\":1,\"categories\":[\"CI\",\"deploy\"],\"fragments\":["
                                + "{\"id\":2,\"file_name\":\"values.yaml\",\"code\":\"replicas: 3\",\"language\":\"yaml\",\"position\":1},"
                                + "{\"id\":1,\"file_name\":\"deploy.sh\",\"code\":\"helm upgrade\",\"language\":\"bash\",\"position\":0}]},"
                                + "{\"id\":8,\"title\":\"Notes\",\"description\":\"\",\"is_public\":0,\"categories\":[],\"fragments\":["
                                + "{\"id\":3,\"file_name\":\"n.txt\",\"code\":\"x\",\"language\":\"plaintext\",\"position\":0}]}]"));

        int exitCode =
                run(Map.of("BYTESTASH_API_KEY", "bs_key"), "import", "bytestash", "--url", source.address() + "/");

        assertEquals(0, exitCode, err::toString);
        List<JsonObject> sent = sentSnippets();
        JsonObject deploy = sent.get(0);
        assertEquals("helm upgrade", deploy.getString("code"), "the fragment at position 0");
        assertEquals(
                "values.yaml",
                deploy.getJsonArray("attachments").getJsonObject(0).getString("filename"));
        assertEquals("[\"ci\",\"deploy\"]", deploy.getJsonArray("tags").toString());
        assertEquals("team", deploy.getString("visibility"));
        assertTrue(deploy.getString("notes").endsWith("Imported from " + source.address() + "/snippets/7"));
        assertEquals("text", sent.get(1).getString("language"), "ByteStash's plaintext");
        assertEquals("private", sent.get(1).getString("visibility"));
        assertTrue(source.requests.stream().allMatch(request -> "bs_key".equals(request.header("x-api-key"))));
    }

    @Test
    void byteStashPagesOfALaterVersionAreAllRead() {
        source.on("GET /api/snippets", request -> {
            boolean second = request.pathAndQuery().contains("offset=1");
            String item = "{\"id\":" + (second ? 2 : 1) + ",\"title\":\"t" + (second ? 2 : 1)
                    + "\",\"fragments\":[{\"file_name\":\"a.txt\",\"code\":\"a\",\"position\":0}]}";
            return StagedHttp.Reply.json("{\"data\":[" + item + "],\"pagination\":{\"total\":2,\"offset\":"
                    + (second ? 1 : 0) + ",\"limit\":1,\"hasMore\":" + !second + "}}");
        });

        assertEquals(
                0,
                run(Map.of("BYTESTASH_API_KEY", "k"), "import", "bytestash", "--url", source.address()),
                err::toString);
        assertEquals(
                List.of("t1", "t2"),
                sentSnippets().stream().map(s -> s.getString("title")).toList());
    }

    @Test
    void vsCodeSnippetFilesWithCommentsComeInWithTheirPlaceholdersAsVariables() throws IOException {
        Path file = Files.writeString(home.resolve("team.code-snippets"), """
                {
                  // the team's snippets
                  "Port forward": {
                    "scope": "shellscript",
                    "prefix": ["pf", "portfwd"],
                    "body": ["kubectl port-forward ${1:service} ${2:8080}:${3|80,443|}", "echo $1 \\\\$HOME$0"],
                    "description": "Forward a port",
                  },
                }
                """);

        assertEquals(0, run(Map.of(), "import", "vscode", file.toString()), err::toString);

        JsonObject forward = sentSnippets().get(0);
        assertEquals("Port forward", forward.getString("title"));
        assertEquals("bash", forward.getString("language"));
        assertEquals(
                "kubectl port-forward {{service}} {{arg2:8080}}:{{arg3|80|443}}\necho {{service}} $HOME",
                forward.getString("code"));
        assertTrue(forward.getString("notes").startsWith("VS Code prefix: pf, portfwd"), forward::toString);
        assertTrue(forward.getString("notes").endsWith(file.toUri() + "#Port+forward"), forward::toString);
        assertEquals("private", forward.getString("visibility"));
    }

    @Test
    void aFileThatIsNotJsonOrNotSnippetsIsRefusedWithItsOwnExitCode() throws IOException {
        Path broken = Files.writeString(home.resolve("broken.code-snippets"), "{ \"a\": ");
        Path list = Files.writeString(home.resolve("list.json"), "[1, 2]");

        assertEquals(Failure.INVALID_INPUT, run(Map.of(), "import", "vscode", broken.toString()));
        assertTrue(err.toString().contains("is not valid JSON"), err::toString);
        assertEquals(Failure.INVALID_INPUT, run(Map.of(), "import", "vscode", list.toString()));
        assertTrue(archives.isEmpty());
    }
}
