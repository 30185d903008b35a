package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Browser;
import io.snippetstore.testing.Eventually;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetsApi;
import io.snippetstore.testing.TestTags;
import io.snippetstore.testing.TestUsers;
import io.snippetstore.testing.TestUsers.TestUser;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The command-line client as people use it: the one executable file the build makes from cli/
 * (launcher and jar together), copied away from the build as an installation would, run as a
 * process against the real service, signing in through a real headless Chromium.
 */
public abstract class CommandLineClientTests {

    /**
     * The flows that test the client's own commands. The client is the same program against every
     * server and the API it calls is tested over HTTP on all three, so they run on Payara Micro
     * only; the two sign-ins (browser and device code), where a server's cookies, redirects and
     * headers meet the client, run on all three.
     */
    private static final String CLIENT_FLOWS = TestTags.PAYARA_ONLY;

    /** What a finished run of the client printed, and its exit code. */
    record Run(int exitCode, String out, String err) {}

    @TempDir
    Path home;

    /** {@code install -m 755 cli/target/snippets ~/.local/bin/snippets}, into this test's home. */
    private Path installed() throws IOException {
        Path installed = home.resolve("bin").resolve("snippets");
        if (!Files.exists(installed)) {
            Files.createDirectories(installed.getParent());
            Files.copy(Path.of(System.getProperty("snippets.cliJar")).resolveSibling("snippets"), installed);
            Files.setPosixFilePermissions(installed, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return installed;
    }

    private Process start(Map<String, String> environment, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(installed().toString()));
        command.addAll(Arrays.asList(arguments));
        ProcessBuilder client = new ProcessBuilder(command).directory(home.toFile());
        client.environment().remove("SNIPPETS_TOKEN");
        client.environment()
                .putAll(Map.of(
                        "XDG_CONFIG_HOME",
                        home.resolve("config").toString(),
                        "SNIPPETS_SERVER",
                        ApiClient.base().toString(),
                        "NO_COLOR",
                        "1"));
        client.environment().putAll(environment);
        return client.start();
    }

    private Run run(byte[] input, Map<String, String> environment, String... arguments) throws Exception {
        Process client = start(environment, arguments);
        try (var stdin = client.getOutputStream()) {
            stdin.write(input);
        }
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(client.getInputStream()));
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(client.getErrorStream()));
        assertTrue(client.waitFor(120, TimeUnit.SECONDS), "the client ended: " + String.join(" ", arguments));
        return new Run(
                client.exitValue(),
                new String(out.get(), StandardCharsets.UTF_8),
                new String(err.get(), StandardCharsets.UTF_8));
    }

    private Run run(String... arguments) throws Exception {
        return run(new byte[0], Map.of(), arguments);
    }

    private static byte[] readAll(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void assertOk(Run run) {
        assertEquals(0, run.exitCode(), run::toString);
    }

    @Test
    void aUserSignsInThroughTheBrowserAndWorksWithSnippetsFromTheCommandLine() throws Exception {
        TestUser user = TestUsers.create();

        String token = login(user);
        Run whoami = run("whoami");
        assertOk(whoami);
        assertTrue(whoami.out().startsWith(user.username() + " (user)"), whoami.out());

        Run created = run(
                "echo hello\n".getBytes(StandardCharsets.UTF_8),
                Map.of(),
                "new",
                "--title",
                "Greeting from the CLI",
                "--lang",
                "sh",
                "--tag",
                "cli",
                "-");
        assertOk(created);
        String id = created.out().strip();
        Run found = run("search", "greeting", "--tag", "cli");
        assertOk(found);
        assertTrue(found.out().contains(id) && found.out().contains("Greeting from the CLI"), found.out());
        Run byAnotherName = run("search", "greeting", "--lang", "bash", "-q");
        assertOk(byAnotherName);
        assertEquals(id, byAnotherName.out().strip(), "bash finds a snippet in sh, as the web interface's filter does");
        assertEquals("", run("search", "greeting", "--lang", "python", "-q").out());
        Run foundJson = run("search", "greeting", "--json");
        assertEquals(
                id,
                Json.createReader(new java.io.StringReader(foundJson.out()))
                        .readObject()
                        .getJsonArray("data")
                        .getJsonObject(0)
                        .getString("id"));
        Run raw = run("show", id, "--raw");
        assertEquals("echo hello\n", raw.out(), "--raw prints the code exactly");

        editWithAConflictingChangeInBetween(user, id);

        byte[] content = new byte[3 * 1024 * 1024 + 17];
        new Random(5).nextBytes(content);
        Files.write(home.resolve("data.bin"), content);
        Run attached = run("attach", id, "data.bin");
        assertOk(attached);
        String attachmentId = attached.out().strip().split("\\s+")[0];
        Run files = run("files", id);
        assertTrue(files.out().contains(attachmentId) && files.out().contains("data.bin"), files.out());
        Run missingSecond = run("attach", id, "data.bin", "no-such-file.txt");
        assertEquals(1, missingSecond.exitCode(), missingSecond::toString);
        assertTrue(
                missingSecond.err().contains("no-such-file.txt")
                        && missingSecond.err().contains("nothing was attached"),
                missingSecond.err());
        assertEquals(1, attachmentCount(id), "every path is checked before the first upload");
        assertOk(run("get", attachmentId, "-o", "whole.bin"));
        assertArrayEquals(content, Files.readAllBytes(home.resolve("whole.bin")));
        assertOk(run("get", attachmentId, "-o", "whole.bin"));
        byte[] unrelated = "another file of the same name, smaller\n".getBytes(StandardCharsets.UTF_8);
        Files.write(home.resolve("partial.bin"), unrelated);
        Run refused = run("get", attachmentId, "-o", "partial.bin");
        assertEquals(1, refused.exitCode(), refused::toString);
        assertTrue(refused.err().contains("--force"), refused.err());
        assertArrayEquals(
                unrelated,
                Files.readAllBytes(home.resolve("partial.bin")),
                "an existing file is never appended to or replaced");
        String sha256 = new ApiClient()
                .withBearer(token)
                .get("/api/v1/attachments/" + attachmentId)
                .data()
                .getString("sha256");
        Files.write(
                home.resolve("partial.bin." + sha256.substring(0, 12) + ".part"), Arrays.copyOf(content, 1_000_000));
        Run resumed = run("get", attachmentId, "-o", "partial.bin", "--force");
        assertOk(resumed);
        assertTrue(resumed.err().contains("Resuming"), resumed.err());
        assertArrayEquals(
                content,
                Files.readAllBytes(home.resolve("partial.bin")),
                "byte-identical after resuming the client's own partial file");
        assertFalse(
                Files.exists(home.resolve("partial.bin." + sha256.substring(0, 12) + ".part")),
                "the partial file became the file");
        assertOk(run("get", "--all", id, "-o", "downloads"));
        assertArrayEquals(
                content,
                Files.readAllBytes(home.resolve("downloads").resolve("data.bin")),
                "every attachment of the snippet");
        Run unasked = run("files", "rm", attachmentId);
        assertEquals(1, unasked.exitCode(), unasked::toString);
        assertTrue(unasked.err().contains("--yes"), unasked.err());
        assertEquals(1, attachmentCount(id), "an attachment is deleted for good only when the user says so");
        assertOk(run("files", "rm", "--yes", attachmentId));
        assertEquals(0, attachmentCount(id), "the attachment is gone");

        assertOk(run("rm", id));
        Run gone = run("show", id);
        assertEquals(2, gone.exitCode(), gone::toString);
        assertTrue(gone.err().contains("No snippet " + id + " that you may read"), gone.err());

        String again = login(user);
        assertEquals(
                401,
                new ApiClient().withBearer(token).get("/api/v1/auth/whoami").status(),
                "logging in again revokes the previous token");
        assertOk(run("whoami"));

        Run logout = run("logout");
        assertOk(logout);
        assertEquals(
                401,
                new ApiClient().withBearer(again).get("/api/v1/auth/whoami").status(),
                "the token no longer works");
        assertEquals(3, run("whoami").exitCode(), "signed out");
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void theHistoryDiffsRestoresAndTheTrashWorkFromTheCommandLine() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "history");
        Map<String, String> withToken = Map.of("SNIPPETS_TOKEN", token);
        ApiClient api = new ApiClient().withBearer(token);
        String id = api.post(
                        "/api/v1/snippets",
                        Json.createObjectBuilder()
                                .add("title", "deploy")
                                .add("language", "sh")
                                .add("code", "kubectl apply -f a.yaml\n")
                                .add("tags", Json.createArrayBuilder())
                                .build())
                .data()
                .getString("id");
        assertEquals(
                200,
                api.patch(
                                "/api/v1/snippets/" + id,
                                Json.createObjectBuilder()
                                        .add("code", "kubectl apply -f b.yaml\n")
                                        .build())
                        .status());

        Run history = run(new byte[0], withToken, "history", id);
        assertOk(history);
        // piped: a tab-separated line per version, no heading
        List<List<String>> rows =
                history.out().lines().map(line -> List.of(line.split("\t", -1))).toList();
        assertEquals(2, rows.size(), history.out());
        assertEquals(
                List.of("2", "code"), List.of(rows.get(0).get(0), rows.get(0).get(3)), history.out());
        assertEquals(
                List.of("1", user.username()),
                List.of(rows.get(1).get(0), rows.get(1).get(2)),
                history.out());
        Run historyJson = run(new byte[0], withToken, "history", id, "--json");
        assertOk(historyJson);
        assertEquals(1, historyJson.out().strip().lines().count(), "compact JSON when piped: " + historyJson.out());
        assertEquals(
                2,
                Json.createReader(new java.io.StringReader(historyJson.out()))
                        .readObject()
                        .getJsonArray("data")
                        .size(),
                "a list's one shape: data and nextCursor");

        Run diff = run(new byte[0], withToken, "diff", id, "2");
        assertOk(diff);
        assertEquals(
                List.of(
                        "--- a/code\tversion 1",
                        "+++ b/code\tversion 2",
                        "@@ -1,1 +1,1 @@",
                        "-kubectl apply -f a.yaml",
                        "+kubectl apply -f b.yaml"),
                diff.out().lines().toList());
        // a standard unified diff: git apply takes version 1's code to version 2's
        Path checkout = Files.createDirectories(home.resolve("checkout"));
        Files.writeString(checkout.resolve("code"), "kubectl apply -f a.yaml\n");
        Files.writeString(checkout.resolve("change.diff"), diff.out());
        Process apply = new ProcessBuilder("git", "apply", "change.diff")
                .directory(checkout.toFile())
                .redirectErrorStream(true)
                .start();
        String applyOutput = new String(apply.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, apply.waitFor(), applyOutput);
        assertEquals("kubectl apply -f b.yaml\n", Files.readString(checkout.resolve("code")));
        assertEquals(1, run(new byte[0], withToken, "diff", id, "1").exitCode(), "version 1 has nothing before it");

        Run stale = run(new byte[0], withToken, "restore", id, "1", "--if-version", "1");
        assertEquals(4, stale.exitCode(), stale::toString);
        Run restored = run(new byte[0], withToken, "restore", id, "1", "--if-version", "2");
        assertOk(restored);
        assertTrue(restored.out().contains("as version 3"), restored.out());
        assertEquals(
                "kubectl apply -f a.yaml\n",
                api.get("/api/v1/snippets/" + id).data().getString("code"));

        assertOk(run(new byte[0], withToken, "rm", id));
        Run trash = run(new byte[0], withToken, "trash", "--json");
        assertOk(trash);
        assertEquals(
                id,
                Json.createReader(new java.io.StringReader(trash.out()))
                        .readObject()
                        .getJsonArray("data")
                        .getJsonObject(0)
                        .getString("id"));
        assertOk(run(new byte[0], withToken, "trash", "restore", id));
        assertEquals(200, api.get("/api/v1/snippets/" + id).status(), "back from the trash");
        assertOk(run(new byte[0], withToken, "rm", id));
        assertEquals(
                1,
                run(new byte[0], withToken, "trash", "purge", id).exitCode(),
                "purging without --yes is a usage error");
        assertOk(run(new byte[0], withToken, "trash", "purge", id, "--yes"));
        assertEquals(
                404,
                api.post(
                                "/api/v1/trash/" + id + "/restore",
                                Json.createObjectBuilder().build())
                        .status());
        assertEquals(2, run(new byte[0], withToken, "trash", "restore", id).exitCode(), "gone for good: not found");
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void anOwnerSharesWithTheTeamAndGroupsFromTheCommandLineAndAMemberFindsItThroughTheirGroups() throws Exception {
        TestUser owner = TestUsers.create();
        TestUser member = TestUsers.create();
        ApiClient admin = TestUsers.admin();
        String groupName = TestUsers.uniqueName("oncall");
        String groupId = admin.post(
                        "/api/v1/groups",
                        Json.createObjectBuilder().add("name", groupName).build())
                .data()
                .getString("id");
        assertEquals(
                200,
                admin.send("PUT", "/api/v1/groups/" + groupId + "/members/" + member.id(), null, null, Map.of())
                        .status());
        Map<String, String> asOwner = Map.of("SNIPPETS_TOKEN", TestUsers.newToken(TestUsers.signedIn(owner), "share"));
        Map<String, String> asMember =
                Map.of("SNIPPETS_TOKEN", TestUsers.newToken(TestUsers.signedIn(member), "member"));
        String word = TestUsers.uniqueName("pager").replace("-", "");
        String id = new ApiClient()
                .withBearer(asOwner.get("SNIPPETS_TOKEN"))
                .post(
                        "/api/v1/snippets",
                        Json.createObjectBuilder()
                                .add("title", "silence " + word)
                                .add("language", "sh")
                                .add("code", "amtool silence add alertname=Foo\n")
                                .add("tags", Json.createArrayBuilder())
                                .build())
                .data()
                .getString("id");

        Run groups = run(new byte[0], asOwner, "groups");
        assertOk(groups);
        assertTrue(groups.out().contains(groupName) && groups.out().contains(member.username()), groups.out());
        Run shared = run(new byte[0], asOwner, "share", id, "--group", groupName + ":write");
        assertOk(shared);
        assertTrue(shared.out().contains("Groups: " + groupName + " (write)"), shared.out());
        assertEquals(
                2,
                run(new byte[0], asOwner, "share", id, "--group", "no-such-group")
                        .exitCode(),
                "an unknown group: not found");

        Run found = run(new byte[0], asMember, "search", word, "--scope", "groups", "-q");
        assertOk(found);
        assertEquals(List.of(id), found.out().lines().toList());
        assertEquals(
                6, run(new byte[0], asMember, "share", id, "--team").exitCode(), "sharing is the owner's: not allowed");

        Run team = run(new byte[0], asOwner, "share", id, "--team", "--no-group", groupName);
        assertOk(team);
        assertTrue(team.out().contains("Visibility: team") && team.out().contains("Groups: none"), team.out());
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aScriptCreatesChangesAndFindsSnippetsWithoutAnEditor() throws Exception {
        TestUser user = TestUsers.create();
        Map<String, String> withToken =
                Map.of("SNIPPETS_TOKEN", TestUsers.newToken(TestUsers.signedIn(user), "script"));
        Files.writeString(home.resolve("tool.py"), "print('hi')\n");

        String marker = user.username(); // others' team snippets are in the same service: searches name this user's own
        Run created = run(
                new byte[0], withToken, "new", "--title", "Scripted tool " + marker, "--visibility", "team", "tool.py");
        assertOk(created);
        String id = created.out().strip();
        Run other = run(
                "echo other\n".getBytes(StandardCharsets.UTF_8),
                withToken,
                "new",
                "--title",
                "Scripted other " + marker,
                "-");
        assertOk(other);
        Run edited = run(
                new byte[0], withToken, "edit", id, "--title", "Renamed tool " + marker, "--tag", "ops", "--tag", "py");
        assertOk(edited);
        assertTrue(edited.out().contains("version 2"), edited.out());

        JsonObject stored = new ApiClient()
                .withBearer(withToken.get("SNIPPETS_TOKEN"))
                .get("/api/v1/snippets/" + id)
                .data();
        assertEquals("python", stored.getString("language"), "the language from the file's name");
        assertEquals("team", stored.getString("visibility"));
        assertEquals("Renamed tool " + marker, stored.getString("title"));
        assertEquals(
                List.of("ops", "py"),
                stored.getJsonArray("tags").getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString)
                        .toList());
        assertEquals("print('hi')\n", stored.getString("code"), "the code untouched by a metadata edit");

        Run ids = run(new byte[0], withToken, "search", marker, "--scope", "all", "-q", "--sort", "title");
        assertOk(ids);
        assertEquals(2, ids.out().strip().lines().count(), ids.out());
        assertTrue(ids.out().lines().anyMatch(id::equals), ids.out());
        Run cut = run(new byte[0], withToken, "search", marker, "--limit", "1");
        assertOk(cut);
        assertTrue(cut.err().contains("More snippets match") && cut.err().contains("--all"), cut.err());

        assertOk(run(new byte[0], withToken, "rm", "--yes", id, other.out().strip()));
        assertEquals(
                0,
                new ApiClient()
                        .withBearer(withToken.get("SNIPPETS_TOKEN"))
                        .get("/api/v1/snippets")
                        .json()
                        .getJsonArray("data")
                        .size(),
                "both deleted at once");
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aUserOrganisesSnippetsIntoNestedCollectionsAndSearchesInsideThemFromTheCommandLine() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "collections");
        Map<String, String> withToken = Map.of("SNIPPETS_TOKEN", token);
        ApiClient api = new ApiClient().withBearer(token);
        List<String> ids = new java.util.ArrayList<>();
        for (String title : List.of("Drain a node", "Cordon a node", "Rotate the certificates")) {
            ids.add(api.post(
                            "/api/v1/snippets",
                            Json.createObjectBuilder()
                                    .add("title", title)
                                    .add("language", "bash")
                                    .add("code", "echo " + title + "\n")
                                    .add("tags", Json.createArrayBuilder())
                                    .build())
                    .data()
                    .getString("id"));
        }

        Run infra = run(new byte[0], withToken, "collections", "create", "Infra", "--description", "Our machines");
        assertOk(infra);
        Run kubernetes = run(new byte[0], withToken, "collections", "create", "infra/Kubernetes", "--team");
        assertOk(kubernetes);
        Run missingParent = run(new byte[0], withToken, "collections", "create", "nowhere/else");
        assertEquals(2, missingParent.exitCode(), missingParent.toString());
        Run added = run(
                (ids.get(0) + "\n" + ids.get(1) + "\n").getBytes(StandardCharsets.UTF_8),
                withToken,
                "collections",
                "add",
                "infra/kubernetes",
                "-");
        assertOk(added);
        assertOk(run(new byte[0], withToken, "collections", "add", "infra", ids.get(2)));

        Run listed = run(new byte[0], withToken, "collections");
        assertOk(listed);
        assertTrue(listed.out().contains("Infra/Kubernetes") && listed.out().contains("team"), listed.out());
        Run shown = run(new byte[0], withToken, "collections", "show", "infra/kubernetes", "-q");
        assertOk(shown);
        assertEquals(
                List.of(ids.get(0), ids.get(1)), shown.out().strip().lines().toList(), "in the order added");

        Run inside = run(new byte[0], withToken, "search", "--collection", "infra", "-q", "--sort", "title");
        assertOk(inside);
        assertEquals(List.of(ids.get(2)), inside.out().strip().lines().toList(), "not the sub-collection's");
        Run recursive = run(
                new byte[0],
                withToken,
                "search",
                "node",
                "--collection",
                "Infra",
                "--recursive",
                "-q",
                "--sort",
                "title");
        assertOk(recursive);
        assertEquals(
                List.of(ids.get(1), ids.get(0)), recursive.out().strip().lines().toList());

        assertOk(run(new byte[0], withToken, "collections", "remove", "infra/kubernetes", ids.get(0)));
        assertOk(run(new byte[0], withToken, "collections", "delete", "infra"));
        Run afterwards = run(new byte[0], withToken, "collections", "--json");
        assertOk(afterwards);
        JsonObject moved = Json.createReader(new java.io.StringReader(afterwards.out()))
                .readObject()
                .getJsonArray("data")
                .getJsonObject(0);
        assertEquals("Kubernetes", moved.getString("name"), "moved up when its parent went");
        assertEquals(1, moved.getInt("snippetCount"));
        assertEquals(200, api.get("/api/v1/snippets/" + ids.get(0)).status(), "taken out, not deleted");
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aScriptWritesCodeAndNotesFromFilesAndPipesUnderAVersionCheckWithoutAnEditor() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "script");
        Map<String, String> withToken = Map.of("SNIPPETS_TOKEN", token);
        Files.writeString(home.resolve("deploy.sh"), "make deploy\n");
        Files.writeString(home.resolve("notes.txt"), "Run from the repository's root.\n");

        Run created = run(new byte[0], withToken, "new", "-d", "Ships it", "deploy.sh");
        assertOk(created);
        String id = created.out().strip();
        JsonObject stored =
                new ApiClient().withBearer(token).get("/api/v1/snippets/" + id).data();
        assertEquals("deploy.sh", stored.getString("title"), "the file's name, without --title");
        assertEquals("bash", stored.getString("language"));
        assertEquals("Ships it", stored.getString("description"));

        Run code = run(
                "make deploy ENV=prod\n".getBytes(StandardCharsets.UTF_8),
                withToken,
                "edit",
                id,
                "--code",
                "-",
                "--notes",
                "notes.txt",
                "--if-version",
                "1");
        assertOk(code);
        stored = new ApiClient().withBearer(token).get("/api/v1/snippets/" + id).data();
        assertEquals("make deploy ENV=prod\n", stored.getString("code"));
        assertEquals("Run from the repository's root.\n", stored.getString("notes"));
        assertEquals(2, stored.getInt("version"));

        Run stale = run(new byte[0], withToken, "edit", id, "-t", "Deploy", "--if-version", "1");
        assertEquals(4, stale.exitCode(), stale::toString);
        assertTrue(stale.err().contains("no longer at version 1"), stale.err());
        assertEquals(
                "deploy.sh",
                new ApiClient()
                        .withBearer(token)
                        .get("/api/v1/snippets/" + id)
                        .data()
                        .getString("title"),
                "nothing changed");

        Run attached = run(new byte[0], withToken, "attach", id, "notes.txt", "--json");
        assertOk(attached);
        assertTrue(attached.out().contains("\"text/plain"), "the file's media type is sent: " + attached.out());
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void severalSnippetsAreTaggedSharedAndDeletedByTheIdsASearchPipesIn() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "bulk");
        Map<String, String> withToken = Map.of("SNIPPETS_TOKEN", token);
        ApiClient api = new ApiClient().withBearer(token);
        String tag = "old-" + Long.toString(System.nanoTime(), 36);
        List<String> ids = new ArrayList<>();
        for (String title : List.of("First to retag", "Second to retag")) {
            ids.add(SnippetsApi.create(api, SnippetsApi.snippet(title, "sh", "true\n", tag, "keep"))
                    .getString("id"));
        }
        Run found = run(new byte[0], withToken, "search", "--tag", tag, "--all", "-q");
        assertOk(found);
        byte[] piped = found.out().getBytes(StandardCharsets.UTF_8);

        assertOk(run(piped, withToken, "tag", "-", "--add", "Kept", "--remove", tag));
        assertOk(run(new byte[0], withToken, "share", ids.get(0), ids.get(1), "--team"));
        for (String id : ids) {
            JsonObject stored = api.get("/api/v1/snippets/" + id).data();
            assertEquals(
                    List.of("keep", "kept"),
                    stored.getJsonArray("tags").getValuesAs(jakarta.json.JsonString.class).stream()
                            .map(jakarta.json.JsonString::getString)
                            .toList(),
                    "each keeps its other tags");
            assertEquals("team", stored.getString("visibility"));
        }
        Run nothingToDo = run(new byte[0], withToken, "tag", ids.get(0));
        assertEquals(1, nothingToDo.exitCode(), nothingToDo::toString);

        byte[] bothIds = String.join("\n", ids).getBytes(StandardCharsets.UTF_8);
        Run unasked = run(bothIds, withToken, "rm", "-");
        assertEquals(1, unasked.exitCode(), unasked::toString);
        assertTrue(unasked.err().contains("--yes"), unasked.err());
        assertEquals(200, api.get("/api/v1/snippets/" + ids.get(0)).status(), "nothing deleted unasked");
        assertOk(run(bothIds, withToken, "rm", "--yes", "-"));
        for (String id : ids) {
            assertEquals(404, api.get("/api/v1/snippets/" + id).status(), "deleted: " + id);
        }
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void attachingAFileOfANameAlreadyAttachedIsRefusedUnlessItReplacesIt() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "attach");
        Map<String, String> withToken = Map.of("SNIPPETS_TOKEN", token);
        ApiClient api = new ApiClient().withBearer(token);
        String id = SnippetsApi.create(api, SnippetsApi.snippet("With a file", "sh", "true\n"))
                .getString("id");
        Files.writeString(home.resolve("notes.txt"), "first\n");
        assertOk(run(new byte[0], withToken, "attach", id, "notes.txt"));
        Files.writeString(home.resolve("notes.txt"), "second, longer\n");

        Run twice = run(new byte[0], withToken, "attach", id, "notes.txt");
        assertEquals(1, twice.exitCode(), twice::toString);
        assertTrue(twice.err().contains("Already attached: notes.txt"), twice.err());
        assertEquals(List.of(6L), attachedSizes(api, id), "the first one stays, alone");

        assertOk(run(new byte[0], withToken, "attach", id, "notes.txt", "--replace"));
        assertEquals(List.of(15L), attachedSizes(api, id), "replaced by the second");
    }

    /** How many attachments {@code files --json} lists for the snippet. */
    private int attachmentCount(String snippetId) throws Exception {
        Run files = run("files", snippetId, "--json");
        assertOk(files);
        return Json.createReader(new java.io.StringReader(files.out()))
                .readObject()
                .getJsonArray("data")
                .size();
    }

    private static List<Long> attachedSizes(ApiClient api, String snippetId) {
        return api.get("/api/v1/snippets/" + snippetId + "/attachments").json().getJsonArray("data").stream()
                .map(attachment ->
                        attachment.asJsonObject().getJsonNumber("size").longValue())
                .toList();
    }

    private Run searchByMeaning(Map<String, String> withToken) {
        try {
            return run(new byte[0], withToken, "search", "--meaning", "how", "much", "space", "each", "folder", "-q");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void searchByMeaningFindsASnippetDescribedInOtherWords() throws Exception {
        TestUser user = TestUsers.create();
        Map<String, String> withToken =
                Map.of("SNIPPETS_TOKEN", TestUsers.newToken(TestUsers.signedIn(user), "script"));
        Files.writeString(home.resolve("du.sh"), "du -sh * | sort -h\n");
        Run created = run(new byte[0], withToken, "new", "--title", "Disk usage per directory", "du.sh");
        assertOk(created);
        String id = created.out().strip();

        // its meaning is made in the background, within seconds
        Run found = Eventually.gives(
                () -> searchByMeaning(withToken),
                run -> run.exitCode() != 0 || run.out().lines().anyMatch(id::equals),
                "the client to find " + id + " by meaning");
        assertOk(found);

        Run words = run(new byte[0], withToken, "search", "how", "much", "space", "each", "folder", "-q");
        assertOk(words);
        assertEquals("", words.out().strip(), "by words: nothing");
        assertEquals(
                1, run(new byte[0], withToken, "search", "--meaning").exitCode(), "a search by meaning needs terms");
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aRunbooksVariablesAreFilledInByShowAndRunWhichPassesTheCommandsExitCodeOn() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "runbook");
        Map<String, String> environment = Map.of("SNIPPETS_TOKEN", token, "SHELL", "/bin/bash");
        ApiClient api = new ApiClient().withBearer(token);
        String message = "it's \"$(echo not run)\" `date` $HOME; done";
        String id = SnippetsApi.create(
                        api,
                        SnippetsApi.snippet(
                                "Say and exit",
                                "bash",
                                "printf '%s|%s\\n' {{message!sh}} {{suffix:end}}\nexit {{code|0|7}}\n"))
                .getString("id");

        Run shown = run(new byte[0], environment, "show", id, "--set", "message=" + message);
        assertOk(shown);
        assertEquals(
                api.get("/api/v1/snippets/" + id + "/render?message=" + SnippetsApi.encode(message))
                        .text(),
                shown.out());
        SnippetsApi.create(api, SnippetsApi.snippet("No variables", "bash", "true"));
        Run runbooks = run(new byte[0], environment, "search", "--with-variables", "-q");
        assertOk(runbooks);
        assertEquals(id, runbooks.out().strip(), "only the snippet with variables");
        Run described = run(new byte[0], environment, "show", id);
        assertOk(described);
        assertTrue(described.out().contains("Variables: message, suffix=end, code=0"), described.out());

        Run ran = run(new byte[0], environment, "run", id, "--set", "message=" + message, "--set", "code=7", "--yes");
        assertEquals(7, ran.exitCode(), ran::toString);
        assertEquals(message + "|end\n", ran.out(), "bash printed the value exactly, nothing in it ran");
        assertTrue(ran.err().contains("Runs with /bin/bash -c:"), ran.err());

        Run unconfirmed = run(new byte[0], environment, "run", id, "--set", "message=x");
        assertEquals(1, unconfirmed.exitCode(), unconfirmed::toString);
        assertTrue(unconfirmed.err().contains("--yes") && unconfirmed.out().isEmpty(), unconfirmed.toString());
        Run missing = run(new byte[0], environment, "run", id, "--yes");
        assertEquals(1, missing.exitCode(), missing::toString);
        assertTrue(missing.err().contains("--set message="), missing.err());
        Run typo = run(new byte[0], environment, "show", id, "--set", "message=x", "--set", "mesage=y");
        assertEquals(1, typo.exitCode(), typo::toString);
        assertTrue(typo.err().contains("mesage"), typo.err());
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void tokensListsEachTokensScopesAndNarrowKeepsOnlyThoseNamed() throws Exception {
        TestUser user = TestUsers.create();
        JsonObject created = TestUsers.signedIn(user)
                .post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder().add("name", "ci runner").build())
                .data();
        assertOk(run(
                (created.getString("token") + "\n").getBytes(StandardCharsets.UTF_8),
                Map.of(),
                "login",
                "--with-token"));

        Run listed = run("tokens");
        assertOk(listed);
        assertTrue(listed.out().contains("snippets:read, snippets:write, sharing, account"), listed.out());
        Run narrowed = run(
                new byte[0],
                Map.of(),
                "tokens",
                "narrow",
                created.getString("id"),
                "--scopes",
                "snippets:read,account");
        assertOk(narrowed);
        assertTrue(narrowed.out().contains("ci runner may now: snippets:read, account."), narrowed.out());
        Run refused = run(new byte[0], Map.of(), "collections", "create", "Runbooks");
        assertEquals(6, refused.exitCode(), refused::toString);
        Run widened =
                run(new byte[0], Map.of(), "tokens", "narrow", created.getString("id"), "--scopes", "snippets:write");
        assertTrue(widened.exitCode() != 0 && widened.err().contains("only be narrowed"), widened::toString);
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aTokenFromStandardInputSignsInWithoutABrowserAndLogoutOnlyForgetsIt() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.signedIn(user)
                .post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder()
                                .add("name", "ci secret")
                                .add("scopes", Json.createArrayBuilder().add("snippets:read"))
                                .build())
                .data()
                .getString("token");

        Run login = run((token + "\n").getBytes(StandardCharsets.UTF_8), Map.of(), "login", "--with-token");
        assertOk(login);
        assertTrue(login.out().contains("as " + user.username()), login.out());
        assertTrue(
                login.out().contains("May: snippets:read; does not expire."), "what the token may do: " + login.out());
        Run whoami = run("whoami");
        assertOk(whoami);
        assertTrue(whoami.out().contains(user.username()), whoami.out());
        Run write = run(new byte[0], Map.of(), "collections", "create", "Runbooks");
        assertTrue(
                write.exitCode() != 0 && write.err().contains("snippets:write"), "a refused scope is named: " + write);
        Run logout = run("logout");
        assertOk(logout);
        assertEquals(
                200,
                new ApiClient().withBearer(token).get("/api/v1/auth/whoami").status(),
                "a token made elsewhere is not revoked");
        assertEquals(3, run("whoami").exitCode(), "but forgotten here");

        Run wrong = run("not-a-token\n".getBytes(StandardCharsets.UTF_8), Map.of(), "login", "--with-token");
        assertEquals(3, wrong.exitCode(), wrong::toString);
        Run empty = run(new byte[0], Map.of(), "login", "--with-token");
        assertEquals(1, empty.exitCode(), empty::toString);
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aCollectionIsMovedAndSharedByALinkThatIsListedAndRevokedFromTheCommandLine() throws Exception {
        String token = TestUsers.newToken(TestUsers.signedIn(TestUsers.create()), "cli");
        Map<String, String> withToken = Map.of("SNIPPETS_TOKEN", token);
        assertOk(run(new byte[0], withToken, "collections", "create", "platform"));
        assertOk(run(new byte[0], withToken, "collections", "create", "kubernetes"));
        Run moved = run(new byte[0], withToken, "collections", "move", "kubernetes", "--into", "platform");
        assertOk(moved);
        assertTrue(moved.out().contains("platform/kubernetes"), moved.out());

        Run link = run(new byte[0], withToken, "collections", "link", "platform/kubernetes", "--expires-in-days", "7");
        assertOk(link);
        String url = link.out().strip();
        assertTrue(url.contains("/c/"), url);
        String secret = url.substring(url.lastIndexOf('/') + 1);
        JsonObject shared =
                new ApiClient().get("/api/v1/shared-collections/" + secret).data();
        assertEquals("kubernetes", shared.getString("name"));
        assertFalse(shared.isNull("linkExpiresAt"), "it expires as asked");

        Run links = run(new byte[0], withToken, "collections", "links", "platform/kubernetes", "--json");
        assertOk(links);
        String linkId = Json.createReader(new java.io.StringReader(links.out()))
                .readObject()
                .getJsonArray("data")
                .getJsonObject(0)
                .getString("id");
        assertFalse(links.out().contains(secret), "a link's address is never listed");
        assertOk(run(new byte[0], withToken, "collections", "links", "platform/kubernetes", "--revoke", linkId));
        assertEquals(
                404, new ApiClient().get("/api/v1/shared-collections/" + secret).status(), "revoked");
        Run nowhere = run(new byte[0], withToken, "collections", "move", "platform");
        assertEquals(1, nowhere.exitCode(), "where to is asked: " + nowhere);
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aCollectionIsSharedWithAGroupForWritingAndShownAsATreeFromTheCommandLine() throws Exception {
        TestUser owner = TestUsers.create();
        TestUser member = TestUsers.create();
        ApiClient admin = TestUsers.admin();
        String groupName = TestUsers.uniqueName("sre");
        String groupId = admin.post(
                        "/api/v1/groups",
                        Json.createObjectBuilder().add("name", groupName).build())
                .data()
                .getString("id");
        assertEquals(
                200,
                admin.send("PUT", "/api/v1/groups/" + groupId + "/members/" + member.id(), null, null, Map.of())
                        .status());
        Map<String, String> asOwner = Map.of("SNIPPETS_TOKEN", TestUsers.newToken(TestUsers.signedIn(owner), "cli"));
        Map<String, String> asMember =
                Map.of("SNIPPETS_TOKEN", TestUsers.newToken(TestUsers.signedIn(member), "member"));
        assertOk(run(new byte[0], asOwner, "collections", "create", "platform"));
        assertOk(run(new byte[0], asOwner, "collections", "create", "platform/kubernetes"));
        assertOk(run(new byte[0], asOwner, "collections", "create", "onboarding"));

        Run shared = run(new byte[0], asOwner, "collections", "share", "platform", "--group", groupName + ":write");
        assertOk(shared);
        assertTrue(
                shared.out().contains("Visibility: private")
                        && shared.out().contains("Groups: " + groupName + " (write)"),
                shared.out());
        assertEquals(
                2,
                run(new byte[0], asOwner, "collections", "share", "platform", "--group", "no-such-group")
                        .exitCode(),
                "an unknown group: not found");

        Run tree = run(new byte[0], asOwner, "collections", "tree");
        assertOk(tree);
        List<String> lines = tree.out().lines().toList();
        assertEquals(3, lines.size(), tree.out());
        assertTrue(lines.get(0).startsWith("onboarding  (0, private)"), tree.out());
        assertTrue(lines.get(1).startsWith("platform  (0, private, 1 group)"), tree.out());
        assertTrue(lines.get(2).startsWith("  kubernetes  (0, private)"), "inside its parent: " + tree.out());

        Run theirs = run(new byte[0], asMember, "collections", "tree", "--shared", "--json");
        assertOk(theirs);
        JsonArray top =
                Json.createReader(new java.io.StringReader(theirs.out())).readArray();
        assertEquals(1, top.size(), "only the collection shared with their group: " + theirs.out());
        assertEquals("platform", top.getJsonObject(0).getString("name"));
        assertEquals("write", top.getJsonObject(0).getString("access"));
        assertEquals(0, top.getJsonObject(0).getJsonArray("children").size(), "its inside is not shared");
        assertEquals(
                6,
                run(
                                new byte[0],
                                asMember,
                                "collections",
                                "share",
                                top.getJsonObject(0).getString("id"),
                                "--team")
                        .exitCode(),
                "sharing is the owner's: not allowed");

        Run team = run(new byte[0], asOwner, "collections", "share", "platform", "--team", "--no-group", groupName);
        assertOk(team);
        assertTrue(team.out().contains("Visibility: team") && team.out().contains("Groups: none"), team.out());
    }

    /** A GitHub REST API staged on loopback, answering its gist endpoints as GitHub documents them. */
    private static HttpServer stagedGitHub(Map<String, String> answers) throws IOException {
        HttpServer github = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        github.createContext("/", exchange -> {
            String answer = answers.get(exchange.getRequestURI().getPath());
            byte[] body = (answer == null ? "{\"message\":\"Not Found\"}" : answer).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(answer == null ? 404 : 200, body.length);
            try (var response = exchange.getResponseBody()) {
                response.write(body);
            }
        });
        github.start();
        return github;
    }

    private static String gist(String id, String description, String code) {
        return Json.createObjectBuilder()
                .add("id", id)
                .add("html_url", "https://gist.github.com/" + id)
                .add("public", true)
                .add("description", description)
                .add(
                        "files",
                        Json.createObjectBuilder()
                                .add(
                                        "rotate.sh",
                                        Json.createObjectBuilder()
                                                .add("filename", "rotate.sh")
                                                .add("language", "Shell")
                                                .add("content", code))
                                .add(
                                        "README.md",
                                        Json.createObjectBuilder()
                                                .add("filename", "README.md")
                                                .add("content", "why we rotate")))
                .build()
                .toString();
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void gistsComeInOnceWithTheirFilesAChangedOneComesUpToDateAsANewRevisionAndTheyGoOutAsMarkdown() throws Exception {
        TestUser user = TestUsers.create();
        ApiClient session = TestUsers.signedIn(user);
        String gistId = "f00d" + Long.toHexString(new Random().nextLong());
        Map<String, String> answers = new java.util.concurrent.ConcurrentHashMap<>(Map.of(
                "/gists",
                "[{\"id\":\"" + gistId + "\"}]",
                "/gists/" + gistId,
                gist(gistId, "Rotate the logs", "logrotate -f /etc/logrotate.conf")));
        HttpServer github = stagedGitHub(answers);
        try {
            Map<String, String> environment =
                    Map.of("SNIPPETS_TOKEN", TestUsers.newToken(session, "cli"), "GH_TOKEN", "ghp_staged");
            String apiUrl = "http://127.0.0.1:" + github.getAddress().getPort();

            Run first = run(new byte[0], environment, "import", "gist", "--api-url", apiUrl, "--tag", "ops");
            assertOk(first);
            assertTrue(first.out().contains("1 created (1 attachments)"), first.out());
            JsonArray mine =
                    session.get("/api/v1/snippets?scope=own&fields=all").json().getJsonArray("data");
            assertEquals(1, mine.size(), mine::toString);
            JsonObject rotate = mine.getJsonObject(0);
            assertEquals("Rotate the logs", rotate.getString("title"));
            assertEquals("logrotate -f /etc/logrotate.conf", rotate.getString("code"));
            assertEquals("team", rotate.getString("visibility"));
            assertEquals(
                    List.of("ops"),
                    rotate.getJsonArray("tags").getValuesAs(jakarta.json.JsonString.class).stream()
                            .map(jakarta.json.JsonString::getString)
                            .toList());
            assertEquals(1, rotate.getInt("attachmentCount"));
            String id = rotate.getString("id");

            Run again = run(new byte[0], environment, "import", "gist", "--api-url", apiUrl, "--tag", "ops");
            assertOk(again);
            assertTrue(again.out().contains("0 created"), again.out());
            assertEquals(
                    1,
                    session.get("/api/v1/snippets?scope=own")
                            .json()
                            .getJsonArray("data")
                            .size(),
                    "nothing twice");

            answers.put("/gists/" + gistId, gist(gistId, "Rotate the logs", "logrotate -v /etc/logrotate.conf"));
            Run update =
                    run(new byte[0], environment, "import", "gist", "--api-url", apiUrl, "--tag", "ops", "--update");
            assertOk(update);
            assertTrue(update.out().contains("1 updated"), update.out());
            JsonObject updated = session.get("/api/v1/snippets/" + id).data();
            assertEquals("logrotate -v /etc/logrotate.conf", updated.getString("code"));
            assertEquals(2, updated.getInt("version"), "a new revision");

            Run wiki = run(new byte[0], environment, "export", "--format", "markdown", "--tag", "ops");
            assertOk(wiki);
            assertTrue(
                    wiki.out().startsWith("# Snippets: #ops\n\n## Rotate the logs\n")
                            && wiki.out().contains("```bash\nlogrotate -v /etc/logrotate.conf\n```"),
                    wiki.out());
        } finally {
            github.stop(0);
        }
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aCiTokenLimitedToACollectionSeesOnlyItAndCreatesInsideIt() throws Exception {
        TestUser user = TestUsers.create();
        ApiClient session = TestUsers.signedIn(user);
        String runbooks = session.post(
                        "/api/v1/collections",
                        Json.createObjectBuilder().add("name", "runbooks").build())
                .data()
                .getString("id");
        session.post(
                "/api/v1/snippets",
                Json.createObjectBuilder()
                        .add("title", "outside")
                        .add("code", "echo outside")
                        .add("language", "shell")
                        .add("tags", Json.createArrayBuilder())
                        .build());
        String token = session.post(
                        "/api/v1/auth/tokens",
                        Json.createObjectBuilder()
                                .add("name", "ci")
                                .add(
                                        "scopes",
                                        Json.createArrayBuilder()
                                                .add("snippets:read")
                                                .add("snippets:write"))
                                .add("collections", Json.createArrayBuilder().add(runbooks))
                                .build())
                .data()
                .getString("token");

        Run login = run((token + "\n").getBytes(StandardCharsets.UTF_8), Map.of(), "login", "--with-token");
        assertOk(login);
        assertTrue(login.out().contains("only in collections " + runbooks), login.out());
        Run created = run(
                "echo inside".getBytes(StandardCharsets.UTF_8),
                Map.of(),
                "new",
                "--title",
                "inside",
                "--collection",
                "runbooks",
                "-");
        assertOk(created);
        String id = created.out().strip();
        Run anywhere = run("echo anywhere".getBytes(StandardCharsets.UTF_8), Map.of(), "new", "--title", "x", "-");
        assertTrue(
                anywhere.exitCode() != 0 && anywhere.err().contains("only the snippets of its collections"),
                "refused, in the service's words: " + anywhere);
        Run search = run("search", "-q");
        assertOk(search);
        assertEquals(List.of(id), search.out().lines().toList(), "only the collection's snippet");
        assertEquals(
                List.of(id),
                session.get("/api/v1/collections/" + runbooks + "/snippets").json().getJsonArray("data").stream()
                        .map(item -> item.asJsonObject().getString("id"))
                        .toList());
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aServerIsSignedInToByANameChosenByItAndItsConfigRefusedWhenOthersMayReadIt() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "named");
        Map<String, String> noDefault = Map.of("SNIPPETS_SERVER", "");
        String shouted = ApiClient.base().toString().toUpperCase(java.util.Locale.ROOT);

        Run login = run(
                (token + "\n").getBytes(StandardCharsets.UTF_8),
                noDefault,
                "login",
                shouted,
                "--with-token",
                "--as",
                "here");
        assertOk(login);
        Run servers = run(new byte[0], noDefault, "servers", "--json");
        assertOk(servers);
        JsonObject listed = Json.createReader(new java.io.StringReader(servers.out()))
                .readObject()
                .getJsonArray("data")
                .getJsonObject(0);
        assertEquals("here", listed.getString("name"));
        assertEquals(
                ApiClient.base().toString().replaceAll("/$", ""), listed.getString("server"), "its host in lower case");
        assertEquals(user.username(), listed.getString("username"));
        assertTrue(listed.getBoolean("default"));
        assertOk(run(new byte[0], noDefault, "use", "HERE"));
        Run byName = run(new byte[0], noDefault, "--server", "here", "whoami");
        assertOk(byName);
        assertTrue(byName.out().startsWith(user.username()), byName.out());
        Run unknown = run(new byte[0], noDefault, "--server", "nowhere", "whoami");
        assertEquals(1, unknown.exitCode(), unknown::toString);
        assertTrue(unknown.err().contains("snippets servers"), unknown.err());

        Path config = home.resolve("config/snippets/config.json");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r--r--"));
        Run exposed = run(new byte[0], noDefault, "whoami");
        assertEquals(1, exposed.exitCode(), exposed::toString);
        assertTrue(exposed.err().contains("chmod 600"), exposed.err());
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));

        assertOk(run(new byte[0], noDefault, "logout"));
        Run none = run(new byte[0], noDefault, "servers", "--json");
        assertEquals(
                0,
                Json.createReader(new java.io.StringReader(none.out()))
                        .readObject()
                        .getJsonArray("data")
                        .size(),
                none::toString);
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void searchPagesCarryTheirCursorAsJsonStreamEveryPageAsJsonLinesAndFormatLines() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "pages");
        Map<String, String> withToken = Map.of("SNIPPETS_TOKEN", token);
        ApiClient api = new ApiClient().withBearer(token);
        for (String title : List.of("alpha", "beta", "gamma")) {
            SnippetsApi.create(api, SnippetsApi.snippet(title, "sh", "echo " + title, "paged"));
        }

        Run first = run(new byte[0], withToken, "search", "--sort", "title", "--limit", "2", "--json");
        assertOk(first);
        JsonObject page =
                Json.createReader(new java.io.StringReader(first.out())).readObject();
        assertEquals(List.of("alpha", "beta"), titles(page.getJsonArray("data")));
        Run second = run(
                new byte[0],
                withToken,
                "search",
                "--sort",
                "title",
                "--limit",
                "2",
                "--json",
                "--cursor",
                page.getString("nextCursor"));
        assertOk(second);
        JsonObject last =
                Json.createReader(new java.io.StringReader(second.out())).readObject();
        assertEquals(List.of("gamma"), titles(last.getJsonArray("data")));
        assertTrue(last.isNull("nextCursor"), last::toString);

        Run lines = run(new byte[0], withToken, "search", "--sort", "title", "--limit", "2", "--all", "--json");
        assertOk(lines);
        assertEquals(
                List.of("alpha", "beta", "gamma"),
                lines.out()
                        .lines()
                        .map(line -> Json.createReader(new java.io.StringReader(line))
                                .readObject()
                                .getString("title"))
                        .toList());

        Run formatted = run(
                new byte[0],
                withToken,
                "search",
                "--sort",
                "title",
                "--all",
                "--format",
                "{title}\\t{tags}\\t{owner.username}");
        assertOk(formatted);
        assertEquals(
                List.of(
                        "alpha\tpaged\t" + user.username(),
                        "beta\tpaged\t" + user.username(),
                        "gamma\tpaged\t" + user.username()),
                formatted.out().lines().toList());
        Run unknownField = run(new byte[0], withToken, "search", "--format", "{titel}");
        assertEquals(1, unknownField.exitCode(), unknownField::toString);
        assertTrue(
                unknownField.err().contains("no field titel")
                        && unknownField.out().isEmpty(),
                unknownField.toString());
    }

    private static List<String> titles(jakarta.json.JsonArray snippets) {
        return snippets.getValuesAs(JsonObject.class).stream()
                .map(snippet -> snippet.getString("title"))
                .toList();
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void fishCompletesCommandsAndOptionValuesFromTheGeneratedScript() throws Exception {
        Run script = run("completion", "fish");
        assertOk(script);
        Path file = home.resolve("snippets.fish");
        Files.writeString(file, script.out());

        Process fish = new ProcessBuilder(
                        "fish",
                        "--no-config",
                        "-c",
                        "source " + file + "; complete -C 'snippets search --sort '; "
                                + "echo ---; complete -C 'snippets sho'")
                .redirectErrorStream(true)
                .start();
        String completions = new String(fish.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(fish.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, fish.exitValue(), completions);
        List<String> words =
                completions.lines().map(line -> line.split("\t")[0]).toList();
        assertEquals(List.of("created", "relevance", "title", "updated", "---", "show"), words, completions);
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void bashCompletesCommandsAndOptionValuesFromTheGeneratedScript() throws Exception {
        Run script = run("completion", "bash");
        assertOk(script);
        Path file = home.resolve("snippets.bash");
        Files.writeString(file, script.out());

        String completions = shell(
                "bash",
                "-c",
                "source " + file + " 2>/dev/null; "
                        + "COMP_WORDS=(snippets sho); COMP_CWORD=1; _complete_snippets 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"; "
                        + "echo ---; COMP_WORDS=(snippets search --sort ''); COMP_CWORD=3; _complete_snippets 2>/dev/null; "
                        + "printf '%s\\n' \"${COMPREPLY[@]}\" | sort");
        assertEquals(
                List.of("show", "---", "created", "relevance", "title", "updated"),
                completions.lines().toList());
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void zshCompletesFromTheCompdefFileInAFolderOfItsFpath() throws Exception {
        assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/zsh")) || Files.isExecutable(Path.of("/bin/zsh")),
                "zsh is installed (apt-get install zsh)");
        Run script = run("completion", "zsh");
        assertOk(script);
        Path functions = Files.createDirectories(home.resolve("zfunc"));
        Files.writeString(functions.resolve("_snippets"), script.out());
        Path buffers = home.resolve("buffers");
        Path clientFolder = installed().getParent();
        String token = TestUsers.newToken(TestUsers.signedIn(TestUsers.create()), "zsh");
        SnippetsApi.create(
                new ApiClient().withBearer(token), SnippetsApi.snippet("Tagged", "sh", "true", "zshonly-qx"));

        // an interactive zsh on a pseudo-terminal, as a person types: each line's buffer after Tab is
        // written to a file by a key bound to a widget, waiting for each before typing the next
        String typed = """
                zmodload zsh/zpty
                zpty z 'zsh -f -i'
                zpty -w z 'PS1="> "; path=(%1$s $path); fpath=(%2$s $fpath); autoload -U compinit; compinit -u -D'
                zpty -w z 'dump() { print -r -- "$BUFFER" >> %3$s; BUFFER=""; }; zle -N dump; bindkey "^X" dump'
                typed() { zpty -wn z "$1"$'\\t\\x18'; for i in {1..150}; do
                  [[ -f %3$s && $(wc -l < %3$s) -ge $2 ]] && return; sleep 0.2; done }
                typed 'snippets sho' 1
                typed 'snippets search --sort cr' 2
                typed 'snippets search --tag zshonly-' 3
                zpty -d z
                cat %3$s
                """.formatted(clientFolder, functions, buffers);
        String completions = shell(
                Map.of(
                        "SNIPPETS_TOKEN", token,
                        "SNIPPETS_SERVER", ApiClient.base().toString(),
                        "XDG_CACHE_HOME", home.resolve("cache").toString()),
                "zsh",
                "-f",
                "-c",
                typed);
        assertEquals(
                List.of("snippets show ", "snippets search --sort created ", "snippets search --tag zshonly-qx "),
                completions.lines().toList());
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void idsAndTagsAreCompletedFromTheServiceInBashAndFish() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "completion");
        String id = SnippetsApi.create(
                        new ApiClient().withBearer(token),
                        SnippetsApi.snippet("Rollout steps", "sh", "kubectl rollout status", "rollout-zq"))
                .getString("id");
        Path bash = home.resolve("snippets.bash");
        Files.writeString(bash, run("completion", "bash").out());
        Path fish = home.resolve("snippets.fish");
        Files.writeString(fish, run("completion", "fish").out());
        Map<String, String> signedIn = Map.of(
                "SNIPPETS_TOKEN", token,
                "SNIPPETS_SERVER", ApiClient.base().toString(),
                "XDG_CACHE_HOME", home.resolve("cache").toString(),
                "XDG_CONFIG_HOME", home.resolve("config").toString(),
                "PATH", installed().getParent() + ":" + System.getenv("PATH"));

        String fromBash = shell(
                signedIn,
                "bash",
                "-c",
                "source " + bash + " 2>/dev/null; "
                        + "COMP_WORDS=(snippets show ''); COMP_CWORD=2; _complete_snippets 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"; "
                        + "echo ---; COMP_WORDS=(snippets search --tag rollout-z); COMP_CWORD=3; _complete_snippets 2>/dev/null; "
                        + "printf '%s\\n' \"${COMPREPLY[@]}\"");
        List<String> bashWords = fromBash.lines().toList();
        assertTrue(bashWords.subList(0, bashWords.indexOf("---")).contains(id), fromBash);
        assertEquals(
                List.of("rollout-zq"), bashWords.subList(bashWords.indexOf("---") + 1, bashWords.size()), fromBash);

        String fromFish = shell(
                signedIn,
                "fish",
                "--no-config",
                "-c",
                "source " + fish
                        + "; complete -C 'snippets show '; echo ---; complete -C 'snippets tag x --add rollout-z'");
        List<String> fishLines = fromFish.lines().toList();
        assertTrue(fishLines.subList(0, fishLines.indexOf("---")).contains(id + "\tRollout steps"), fromFish);
        assertEquals(
                List.of("rollout-zq"),
                fishLines.subList(fishLines.indexOf("---") + 1, fishLines.size()).stream()
                        .map(line -> line.split("\t")[0]) // fish adds the option's description
                        .toList(),
                fromFish);
        try (var kept = Files.list(home.resolve("cache/snippets"))) {
            assertTrue(
                    kept.anyMatch(file -> file.getFileName().toString().startsWith("values-ids-")),
                    "the ids are kept for the next Tab");
        }
    }

    /** What a real shell prints running {@code arguments}, once it ended well. */
    private static String shell(String... arguments) throws Exception {
        return shell(Map.of(), arguments);
    }

    /** What a real shell prints running {@code arguments} with these variables too, once it ended well. */
    private static String shell(Map<String, String> environment, String... arguments) throws Exception {
        ProcessBuilder started = new ProcessBuilder(arguments).redirectErrorStream(true);
        started.environment().putAll(environment);
        Process shell = started.start();
        String printed = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(shell.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, shell.exitValue(), printed);
        return printed;
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void aShareLinkIsMadeListedReadByItsAddressAndRevokedFromTheCommandLine() throws Exception {
        TestUser user = TestUsers.create();
        String token = TestUsers.newToken(TestUsers.signedIn(user), "links");
        Map<String, String> withToken = Map.of("SNIPPETS_TOKEN", token);
        ApiClient api = new ApiClient().withBearer(token);
        String id = SnippetsApi.create(api, SnippetsApi.snippet("Linked", "sh", "echo linked"))
                .getString("id");

        Run created = run(new byte[0], withToken, "links", "create", id, "--expires-in-days", "7");
        assertOk(created);
        String url = created.out().strip();
        assertTrue(url.startsWith(ApiClient.base().resolve("/s/").toString()), url);
        assertTrue(created.err().contains("readable by link now"), created.err());
        String secret = url.substring(url.lastIndexOf('/') + 1);
        assertEquals(
                "echo linked",
                new ApiClient().get("/api/v1/shared/" + secret + "/raw").text());
        Run readByLink = run("show", url, "--raw");
        assertOk(readByLink);
        assertEquals("echo linked", readByLink.out(), "a share link is read with no sign-in at all");
        Run shown = run("show", url + "#L1");
        assertOk(shown);
        assertTrue(shown.out().startsWith("Linked\n"), shown.out());
        Run notAnId = run(new byte[0], withToken, "rm", url, "--yes");
        assertEquals(1, notAnId.exitCode(), notAnId::toString);
        assertTrue(notAnId.err().contains("is a share link"), notAnId.err());
        assertEquals(200, api.get("/api/v1/snippets/" + id).status(), "nothing was deleted");

        Run listed = run(
                new byte[0], withToken, "links", ApiClient.base().resolve("/#/s/" + id + "/history") + "", "--json");
        assertOk(listed);
        String linkId = Json.createReader(new java.io.StringReader(listed.out()))
                .readObject()
                .getJsonArray("data")
                .getJsonObject(0)
                .getString("id");
        assertOk(run(new byte[0], withToken, "links", "revoke", linkId));
        assertEquals(404, new ApiClient().get("/api/v1/shared/" + secret).status(), "a revoked link opens nothing");
        Run revoked = run("show", url);
        assertEquals(2, revoked.exitCode(), revoked::toString);
        assertTrue(revoked.err().contains("share link opens nothing"), revoked.err());
    }

    @Test
    void aMachineWithoutAReachableBrowserSignsInWithACodeApprovedInAnyBrowser() throws Exception {
        TestUser user = TestUsers.create();
        Process login =
                start(Map.of(), "login", "--device", "--name", "build box", "--scopes", "snippets:read,snippets:write");
        BufferedReader err = new BufferedReader(new InputStreamReader(login.getErrorStream(), StandardCharsets.UTF_8));
        String userCode = null;
        String complete = null;
        while (complete == null) {
            String line = err.readLine();
            if (line == null) {
                break;
            }
            if (line.contains("enter the code ")) {
                userCode = line.substring(line.lastIndexOf(' ') + 1);
                assertTrue(line.contains(ApiClient.base().resolve("/device").toString()), line);
            } else if (line.contains("(or open ")) {
                complete = line.substring(line.indexOf("(or open ") + "(or open ".length(), line.lastIndexOf(')'));
            }
        }
        assertTrue(
                userCode != null && complete != null && complete.endsWith("?code=" + userCode),
                userCode + " " + complete);
        try (Browser browser = new Browser()) {
            WebDriverWait wait = signInAt(browser, complete, user);
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("device-question"), "“build box”"));
            String asked = browser.driver().findElement(By.id("device-scopes")).getText();
            assertTrue(
                    asked.contains("Read snippets")
                            && asked.contains("Create, change and delete")
                            && !asked.contains("Share"),
                    "what the token may do, in words: " + asked);
            browser.screenshot("device-login");
            browser.driver().findElement(By.id("approve")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("device-status"), "Approved"));
        }
        assertTrue(login.waitFor(60, TimeUnit.SECONDS), "the client took its token");
        String out = new String(login.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, login.exitValue(), out);
        assertTrue(out.contains("Signed in to") && out.contains(user.username()), out);
        assertTrue(out.contains("May: snippets:read, snippets:write; expires "), out);
        Run whoami = run("whoami");
        assertOk(whoami);
        assertTrue(whoami.out().contains(user.username()), whoami.out());
    }

    @Test
    @Tag(CLIENT_FLOWS)
    void tokensCreateMakesATokenForACiJobWithScopesCollectionsAndALifetimeOnceABrowserApproves() throws Exception {
        TestUser user = TestUsers.create();
        String runbooks = TestUsers.signedIn(user)
                .post(
                        "/api/v1/collections",
                        Json.createObjectBuilder().add("name", "runbooks").build())
                .data()
                .getString("id");
        Process create = start(
                Map.of(),
                "tokens",
                "create",
                "ci runbooks",
                "--scopes",
                "snippets:read",
                "--collections",
                runbooks,
                "--expires-in-days",
                "30");
        BufferedReader err = new BufferedReader(new InputStreamReader(create.getErrorStream(), StandardCharsets.UTF_8));
        String complete = null;
        while (complete == null) {
            String line = err.readLine();
            if (line == null) {
                break;
            }
            if (line.contains("(or open ")) {
                complete = line.substring(line.indexOf("(or open ") + "(or open ".length(), line.lastIndexOf(')'));
            }
        }
        assertTrue(complete != null, "the client shows where to approve");
        try (Browser browser = new Browser()) {
            WebDriverWait wait = signInAt(browser, complete, user);
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("device-question"), "“ci runbooks”"));
            assertEquals(
                    "Only the snippets of “runbooks”. It expires in 30 days.",
                    browser.driver().findElement(By.id("device-limits")).getText(),
                    "where the token reaches and how long it lives, before it is approved");
            browser.driver().findElement(By.id("approve")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("device-status"), "Approved"));
        }

        assertTrue(create.waitFor(60, TimeUnit.SECONDS), "the client took its token");
        String out = new String(create.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, create.exitValue(), out);
        String token = out.strip();
        assertTrue(token.startsWith("sst_") && !token.contains("\n"), "the value alone, for a pipe: " + out);
        JsonObject whoami =
                new ApiClient().withBearer(token).get("/api/v1/auth/whoami").data();
        assertEquals("[\"snippets:read\"]", whoami.getJsonArray("scopes").toString());
        assertEquals(
                "[\"" + runbooks + "\"]", whoami.getJsonArray("collections").toString());
        assertFalse(whoami.isNull("expiresAt"), "it expires");
        assertEquals(3, run("whoami").exitCode(), "the token was printed, not kept: this client is not signed in");
    }

    /** Opens {@code address}, which sends a signed-out browser to the sign-in page, and signs in there as {@code user}. */
    private static WebDriverWait signInAt(Browser browser, String address, TestUser user) {
        browser.driver().get(address);
        // the pages navigate on after the sign-in (to the consent page, to the client)
        WebDriverWait wait = browser.waitThroughNavigation(Duration.ofSeconds(30));
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("username")))
                .sendKeys(user.username());
        browser.driver().findElement(By.id("password")).sendKeys(user.password());
        browser.driver().findElement(By.id("sign-in")).click();
        return wait;
    }

    /** {@code snippets login --no-browser}, with the browser's side played by Chromium; answers the stored token. */
    private String login(TestUser user) throws Exception {
        Process login = start(Map.of(), "login", "--no-browser", "--wait", "300", "--name", "cli test");
        BufferedReader err = new BufferedReader(new InputStreamReader(login.getErrorStream(), StandardCharsets.UTF_8));
        String address = null;
        while (address == null) {
            String line = err.readLine();
            if (line == null) {
                break;
            }
            if (line.contains("/api/v1/auth/browser-login?")) {
                address = line.strip();
            }
        }
        assertTrue(
                address != null && address.contains("code_challenge_method=S256") && address.contains("state="),
                String.valueOf(address));
        try (Browser browser = new Browser()) {
            WebDriverWait wait = signInAt(browser, address, user);
            try {
                wait.until(ExpectedConditions.textToBePresentInElementLocated(
                        By.tagName("body"), "You can close this tab"));
            } catch (TimeoutException notThere) {
                browser.screenshot("cli-login-stuck");
                fail("the browser did not reach the client: it is at "
                        + browser.driver().getCurrentUrl() + ", showing "
                        + browser.driver().findElement(By.tagName("body")).getText());
            }
            assertTrue(
                    browser.driver().getCurrentUrl().startsWith("http://127.0.0.1:"),
                    browser.driver().getCurrentUrl());
        }
        assertTrue(login.waitFor(60, TimeUnit.SECONDS));
        String out = new String(login.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, login.exitValue(), out);
        assertTrue(out.contains("Signed in to") && out.contains(user.username()), out);
        Path config = home.resolve("config/snippets/config.json");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(config)));
        JsonObject servers =
                Json.createReader(Files.newBufferedReader(config)).readObject().getJsonObject("servers");
        return servers.getJsonObject(servers.keySet().iterator().next()).getString("token");
    }

    /**
     * The first edit's editor waits while the snippet is changed through the API: the client then
     * refuses to overwrite that change (exit 4) and says so; the next edit saves.
     */
    private void editWithAConflictingChangeInBetween(TestUser user, String id) throws Exception {
        Path started = home.resolve("editor-started");
        Path proceed = home.resolve("editor-may-finish");
        Path slowEditor = Files.writeString(
                home.resolve("slow-editor.sh"),
                "#!/bin/sh\nprintf 'echo mine\\n' > \"$1\"\ntouch '" + started + "'\nwhile [ ! -f '" + proceed
                        + "' ]; do sleep 0.1; done\n");
        Path editor = Files.writeString(home.resolve("editor.sh"), "#!/bin/sh\nprintf 'echo edited\\n' > \"$1\"\n");
        slowEditor.toFile().setExecutable(true);
        editor.toFile().setExecutable(true);

        CompletableFuture<Run> conflicting = CompletableFuture.supplyAsync(() -> {
            try {
                return run(new byte[0], Map.of("EDITOR", slowEditor.toString()), "edit", id);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(started)) {
            assertTrue(System.nanoTime() < deadline, "the editor started");
            Thread.sleep(100);
        }
        Reply theirs = TestUsers.withToken(user)
                .patch(
                        "/api/v1/snippets/" + id,
                        Json.createObjectBuilder().add("code", "echo theirs\n").build());
        assertEquals(200, theirs.status(), theirs::toString);
        Files.createFile(proceed);
        Run refused = conflicting.get(120, TimeUnit.SECONDS);

        assertEquals(4, refused.exitCode(), refused::toString);
        assertTrue(refused.err().contains("Someone else changed the snippet"), refused.err());
        assertEquals("echo theirs\n", run("show", id, "--raw").out(), "their change stands");
        Run saved = run(new byte[0], Map.of("EDITOR", editor.toString()), "edit", id);
        assertOk(saved);
        assertEquals("echo edited\n", run("show", id, "--raw").out());
        assertFalse(saved.out().isBlank());
    }
}
