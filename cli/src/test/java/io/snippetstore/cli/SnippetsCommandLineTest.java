package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SnippetsCommandLineTest {

    @TempDir
    Path home;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Map<String, String> environment, String... arguments) {
        return Snippets.commandLine(environment, TestTerminals.capturing(out, err))
                .execute(arguments);
    }

    private Map<String, String> environment() {
        return Map.of("XDG_CONFIG_HOME", home.toString());
    }

    @Test
    void everyCommandHasHelpWithAnExample() {
        CommandLine commandLine = Snippets.commandLine(environment(), Terminal.system(environment()));
        for (String name : commandLine.getSubcommands().keySet()) {
            if (name.equals("help")) {
                continue;
            }
            StringWriter help = new StringWriter();
            commandLine.getSubcommands().get(name).usage(new PrintWriter(help));
            assertTrue(help.toString().contains("Example"), name + " has no example: " + help);
        }
        assertEquals(0, run(environment(), "--help"));
        assertTrue(out.toString().contains("Exit codes"), out.toString());
    }

    @Test
    void helpWorksOnEveryCommandAndSubcommand() {
        CommandLine commandLine = Snippets.commandLine(environment(), Terminal.system(environment()));
        for (String name : commandLine.getSubcommands().keySet()) {
            StringWriter help = new StringWriter();
            int exitCode = Snippets.commandLine(environment(), TestTerminals.capturing(help, err))
                    .execute(name, "--help");

            assertEquals(0, exitCode, name + " --help: " + err);
            if (!name.equals("help")) { // picocli's own help command describes itself in other words
                // an alias (list, ls) shows its command's page
                String command = commandLine.getSubcommands().get(name).getCommandName();
                assertTrue(help.toString().startsWith("Usage: snippets " + command), name + " --help printed: " + help);
            }
        }
        assertEquals(0, run(environment(), "tokens", "revoke", "--help"));
        assertTrue(out.toString().contains("Usage: snippets tokens revoke"), out.toString());
    }

    @Test
    void theNameAlonePrintsTheHelp() {
        StringWriter out = new StringWriter();
        int exitCode = Snippets.commandLine(environment(), TestTerminals.capturing(out, err))
                .execute();

        assertEquals(0, exitCode, err::toString);
        assertTrue(out.toString().contains("Commands:") && out.toString().contains("search"), out.toString());
    }

    @Test
    void aMistypedCommandIsAUsageErrorThatSuggestsTheNearestOne() {
        int exitCode = Snippets.commandLine(environment(), TestTerminals.capturing(new StringWriter(), err))
                .execute("serch", "kubectl");

        assertEquals(1, exitCode);
        assertTrue(err.toString().contains("Did you mean") && err.toString().contains("search"), err.toString());
    }

    @Test
    void aUsageErrorUnderJsonIsJson() {
        int exitCode = Snippets.commandLine(environment(), TestTerminals.capturing(new StringWriter(), err))
                .execute("search", "--json", "--limit", "many");

        assertEquals(1, exitCode);
        jakarta.json.JsonObject error = jakarta.json.Json.createReader(new java.io.StringReader(err.toString()))
                .readObject()
                .getJsonObject("error");
        assertEquals(1, error.getInt("exitCode"));
        assertTrue(error.getString("message").contains("--limit"), err.toString());
    }

    @Test
    void listAndLsSearch() {
        for (String alias : List.of("list", "ls")) {
            StringWriter help = new StringWriter();
            int exitCode = Snippets.commandLine(environment(), TestTerminals.capturing(help, err))
                    .execute(alias, "--help");

            assertEquals(0, exitCode, alias + ": " + err);
            assertTrue(help.toString().contains("Search snippets"), help.toString());
        }
    }

    @Test
    void everyCommandsSummaryInTheRootHelpIsAWholeSentence() {
        CommandLine commandLine = Snippets.commandLine(environment(), Terminal.system(environment()));
        commandLine.getSubcommands().forEach((name, command) -> {
            String[] description = command.getCommandSpec().usageMessage().description();
            String summary = description.length > 0 ? description[0].strip() : "";
            assertTrue(summary.endsWith(".") || summary.endsWith(")"), name + ": \"" + summary + "\"");
        });
    }

    @Test
    void completionsHelpShowsTheShellVariablesOfItsExamplesAsTyped() {
        StringWriter help = new StringWriter();
        int exitCode = Snippets.commandLine(environment(), TestTerminals.capturing(help, err))
                .execute("completion", "--help");

        assertEquals(0, exitCode, err::toString);
        assertTrue(help.toString().contains("before compinit: fpath=(~/.zfunc $fpath)"), help.toString());
        assertFalse(help.toString().contains("null"), help.toString());
    }

    @Test
    void aServiceIsReachedThroughTheProxyOfHttpProxyUnlessNoProxyNamesIt() throws Exception {
        HttpServer proxy = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        proxy.createContext("/", exchange -> {
            asked.add(exchange.getRequestURI().toString());
            byte[] refused = "{\"ok\":false,\"error\":{\"code\":\"unauthenticated\",\"message\":\"Sign in.\"}}"
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(401, refused.length);
            exchange.getResponseBody().write(refused);
            exchange.close();
        });
        proxy.start();
        try {
            String proxyAddress = "http://127.0.0.1:" + proxy.getAddress().getPort();
            int exitCode = run(
                    Map.of("XDG_CONFIG_HOME", home.toString(), "SNIPPETS_TOKEN", "sst_x", "HTTP_PROXY", proxyAddress),
                    "--server",
                    "http://snippets.invalid:8080",
                    "whoami");

            assertEquals(3, exitCode, err::toString);
            assertEquals(List.of("http://snippets.invalid:8080/api/v1/auth/whoami"), asked);
            assertTrue(
                    err.toString().contains("snippets login http://snippets.invalid:8080"), "how to sign in: " + err);

            int bypassed = run(
                    Map.of(
                            "XDG_CONFIG_HOME",
                            home.toString(),
                            "SNIPPETS_TOKEN",
                            "sst_x",
                            "http_proxy",
                            proxyAddress,
                            "NO_PROXY",
                            "localhost,.invalid"),
                    "--server",
                    "http://snippets.invalid:8080",
                    "--timeout",
                    "3",
                    "whoami");

            assertEquals(5, bypassed, "straight to a host that does not exist: " + err);
            assertEquals(1, asked.size(), "NO_PROXY kept the proxy out");
        } finally {
            proxy.stop(0);
        }
    }

    @Test
    void aServiceThatNeverAnswersTimesOutWithExitCode5() throws Exception {
        try (ServerSocket silent =
                new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) { // connections are accepted, never answered
            long started = System.nanoTime();
            int exitCode = run(
                    Map.of("XDG_CONFIG_HOME", home.toString(), "SNIPPETS_TOKEN", "sst_x"),
                    "--server",
                    "http://127.0.0.1:" + silent.getLocalPort(),
                    "--timeout",
                    "1",
                    "whoami");

            assertEquals(Failure.SERVER, exitCode);
            assertTrue(err.toString().contains("did not answer within 1 s"), err.toString());
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(8), "it gave up after about the timeout");
        }
    }

    @Test
    void loginChecksTheServerBeforeWaitingForABrowser() throws Exception {
        HttpServer notASnippetStore = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        notASnippetStore.createContext("/", exchange -> {
            byte[] page = "<html>hello</html>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        notASnippetStore.start();
        try {
            long started = System.nanoTime();
            int wrongServer = run(
                    environment(),
                    "login",
                    "http://127.0.0.1:" + notASnippetStore.getAddress().getPort(),
                    "--no-browser");
            int stoppedServer = run(environment(), "login", "http://127.0.0.1:1", "--no-browser");

            assertEquals(Failure.SERVER, wrongServer, err.toString());
            assertEquals(Failure.SERVER, stoppedServer, err.toString());
            assertTrue(err.toString().contains("does not answer as a Snippet Store service (HTTP 200"), err.toString());
            assertTrue(err.toString().contains("Cannot reach http://127.0.0.1:1"), err.toString());
            assertFalse(err.toString().contains("Open this address"), "no sign-in was started: " + err);
            assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(20), "neither waited for a browser");
        } finally {
            notASnippetStore.stop(0);
        }
    }

    @Test
    void aTimeoutThatIsNotAWholeNumberOfSecondsIsAUsageError() {
        assertEquals(
                Failure.USAGE,
                run(
                        Map.of(
                                "XDG_CONFIG_HOME",
                                home.toString(),
                                "SNIPPETS_TOKEN",
                                "sst_x",
                                "SNIPPETS_TIMEOUT",
                                "soon"),
                        "--server",
                        "http://127.0.0.1:1",
                        "whoami"));
        assertEquals(Failure.USAGE, run(environment(), "--timeout", "-1", "whoami"));
        assertTrue(err.toString().contains("whole number of seconds"), err.toString());
    }

    @Test
    void aWrongArgumentIsAUsageErrorWithExitCode1() {
        assertEquals(Failure.USAGE, run(environment(), "search", "--no-such-option"));
        assertEquals(Failure.USAGE, run(environment(), "new", "code.txt"), "--title is required");
        assertEquals(Failure.USAGE, run(environment(), "frobnicate"));
    }

    @Test
    void withoutASignInACommandSaysHowToSignInAndExitsWith3() {
        int exitCode =
                run(Map.of("XDG_CONFIG_HOME", home.toString(), "SNIPPETS_SERVER", "http://127.0.0.1:1"), "search", "x");

        assertEquals(Failure.AUTH, exitCode);
        assertTrue(err.toString().contains("snippets login http://127.0.0.1:1"), err.toString());
        assertFalse(err.toString().contains("Exception"), "no stack trace: " + err);
    }

    @Test
    void anUnreachableServiceIsExitCode5WithAMessage() {
        int exitCode = run(
                Map.of(
                        "XDG_CONFIG_HOME",
                        home.toString(),
                        "SNIPPETS_SERVER",
                        "http://127.0.0.1:1",
                        "SNIPPETS_TOKEN",
                        "sst_x"),
                "whoami");

        assertEquals(Failure.SERVER, exitCode);
        assertTrue(err.toString().contains("Cannot reach http://127.0.0.1:1"), err.toString());
    }

    @Test
    void optionsAndServerAreParsedAsDocumented() {
        CommandLine commandLine = Snippets.commandLine(environment(), Terminal.system(environment()));
        CommandLine.ParseResult parsed = commandLine.parseArgs(
                "--server",
                "http://x:1",
                "search",
                "a",
                "b",
                "--tag",
                "t1",
                "--tag",
                "t2",
                "--lang",
                "go",
                "--sort",
                "title",
                "--limit",
                "5",
                "--all",
                "--json");
        SnippetCommands.Search search =
                (SnippetCommands.Search) parsed.subcommand().commandSpec().userObject();
        ClientOptions shared = search.client;

        assertEquals(java.util.List.of("a", "b"), search.terms);
        assertEquals(java.util.List.of("t1", "t2"), search.tags);
        assertEquals("go", search.language);
        assertEquals(5, search.limit);
        assertTrue(search.all);
        assertTrue(shared.json(), "--json is taken after the subcommand");
        assertEquals("http://x:1", shared.server(shared.config()), "--server is taken before the subcommand");
    }

    @Test
    void sharedOptionsReachASubcommandOfASubcommandFromEitherEndOfTheLine() {
        CommandLine commandLine = Snippets.commandLine(environment(), Terminal.system(environment()));
        CommandLine.ParseResult parsed =
                commandLine.parseArgs("--json", "trash", "purge", "01a2", "--yes", "--timeout", "7");
        ClientOptions shared = ((HistoryCommands.TrashPurge)
                        parsed.subcommand().subcommand().commandSpec().userObject())
                .client;

        assertTrue(shared.json(), "--json before the first subcommand");
        assertEquals(7, shared.timeoutSeconds(), "--timeout after the last one");
    }

    @Test
    void localFileTroubleIsAUsageErrorWithAPlainMessageAndAsJsonWithJson() throws Exception {
        java.nio.file.Files.write(home.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n'});
        Map<String, String> signedIn = Map.of(
                "XDG_CONFIG_HOME", home.toString(), "SNIPPETS_SERVER", "http://127.0.0.1:1", "SNIPPETS_TOKEN", "sst_x");

        int notText = run(
                signedIn,
                "new",
                "--title",
                "t",
                "--lang",
                "text",
                home.resolve("latin1.txt").toString());
        int missing = run(
                signedIn,
                "new",
                "--title",
                "t",
                "--lang",
                "text",
                home.resolve("missing.txt").toString());

        assertEquals(Failure.USAGE, notText, err.toString());
        assertEquals(Failure.USAGE, missing, err.toString());
        assertTrue(err.toString().contains("latin1.txt is not UTF-8 text"), err.toString());
        assertTrue(err.toString().contains("missing.txt: no such file."), err.toString());
        assertFalse(
                err.toString().contains("Exception") || err.toString().contains("Input length"),
                "no Java message: " + err);

        err.getBuffer().setLength(0);
        assertEquals(
                Failure.USAGE,
                run(
                        signedIn,
                        "--json",
                        "new",
                        "--title",
                        "t",
                        "--lang",
                        "text",
                        home.resolve("missing.txt").toString()));
        jakarta.json.JsonObject error = jakarta.json.Json.createReader(new java.io.StringReader(err.toString()))
                .readObject()
                .getJsonObject("error");
        assertEquals(Failure.USAGE, error.getInt("exitCode"));
        assertTrue(error.getString("message").contains("no such file"), error.toString());
    }

    @Test
    void anUnexpectedFailureIsAServerFailureWithoutItsJavaMessage() {
        Failure failure = Failure.of(new IllegalStateException("internal detail"));

        assertEquals(Failure.SERVER, failure.exitCode());
        assertFalse(failure.getMessage().contains("internal detail"), failure.getMessage());
    }

    @Test
    void theCompletionScriptCompletesCommandsAndOptionValues() {
        assertEquals(0, run(environment(), "completion", "bash"));
        String script = out.toString();
        assertTrue(script.contains("complete -F") && script.contains("_picocli_snippets"), "a bash completion script");
        assertTrue(
                script.contains("search")
                        && script.contains("--scope")
                        && script.contains("relevance")
                        && script.contains("link"),
                "commands, options and their values");
        assertEquals(Failure.USAGE, run(environment(), "completion", "tcsh"));
        assertTrue(err.toString().contains("bash, zsh or fish"), err.toString());
    }

    @Test
    void openPrintsTheSnippetsPageOfTheChosenServer() {
        assertEquals(0, run(environment(), "--server", "http://127.0.0.1:8080/", "open", "01a2-x", "--no-browser"));

        assertEquals("http://127.0.0.1:8080/#/s/01a2-x", out.toString().strip());
    }

    @Test
    void removingSeveralSnippetsWithoutATerminalNeedsYes() {
        int exitCode = run(
                Map.of(
                        "XDG_CONFIG_HOME",
                        home.toString(),
                        "SNIPPETS_SERVER",
                        "http://127.0.0.1:1",
                        "SNIPPETS_TOKEN",
                        "sst_x"),
                "rm",
                "01a",
                "01b");

        assertEquals(Failure.USAGE, exitCode);
        assertTrue(
                err.toString().contains("needs --yes") && err.toString().contains("nothing was deleted"),
                err.toString());
        assertFalse(err.toString().contains("Cannot reach"), "refused before any request: " + err);
    }

    @Test
    void coloursOnlyOnATerminalAndNeverWithNoColor() {
        assertTrue(Terminal.colours(true, Map.of()));
        assertFalse(Terminal.colours(true, Map.of("NO_COLOR", "")));
        assertFalse(Terminal.colours(true, Map.of("TERM", "dumb")));
        assertFalse(Terminal.colours(false, Map.of()));
    }

    @Test
    void httpStatusesMapToTheDocumentedExitCodes() {
        assertEquals(Failure.AUTH, Failure.forStatus(401));
        assertEquals(Failure.FORBIDDEN, Failure.forStatus(403));
        assertEquals(Failure.NOT_FOUND, Failure.forStatus(404));
        assertEquals(Failure.CONFLICT, Failure.forStatus(409));
        assertEquals(Failure.CONFLICT, Failure.forStatus(412));
        assertEquals(Failure.USAGE, Failure.forStatus(400));
        assertEquals(Failure.SERVER, Failure.forStatus(503));
    }
}
