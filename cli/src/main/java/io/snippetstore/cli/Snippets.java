package io.snippetstore.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import jakarta.json.Json;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** {@code snippets}: the Snippet Store from a terminal or a script. */
// the standard options inherited: --help (and --version) work on every command, as docs/CLI.md promises
@Command(
        name = "snippets",
        mixinStandardHelpOptions = true,
        scope = ScopeType.INHERIT,
        version = "snippets 0.1.0",
        description = "Search, read, write and attach files to the snippets of a Snippet Store service.",
        footer = {
            "",
            "Examples:",
            "  snippets login http://127.0.0.1:8080",
            "  snippets search 'read file' --lang go",
            "  snippets show 01a2... --raw > main.go",
            "",
            "Exit codes: 0 ok, 1 usage or a local file, 2 not found, 3 authentication, 4 conflict, 5 server or network,",
            "6 not allowed (signed in, but the service refuses it to you)."
        },
        subcommands = {
            AuthCommands.Login.class,
            AuthCommands.Logout.class,
            AuthCommands.WhoAmI.class,
            AuthCommands.Tokens.class,
            SnippetCommands.Search.class,
            SnippetCommands.Show.class,
            RunCommand.class,
            SnippetCommands.Open.class,
            SnippetCommands.New.class,
            SnippetCommands.Edit.class,
            SnippetCommands.Remove.class,
            HistoryCommands.History.class,
            HistoryCommands.Diff.class,
            HistoryCommands.Restore.class,
            HistoryCommands.Trash.class,
            SharingCommands.Share.class,
            LinkCommands.class,
            SharingCommands.Groups.class,
            AttachmentCommands.Attach.class,
            AttachmentCommands.ListFiles.class,
            AttachmentCommands.Get.class,
            CompletionCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Snippets {

    static final int DEFAULT_TIMEOUT_SECONDS = 30;

    @Option(
            names = "--server",
            scope = ScopeType.INHERIT,
            paramLabel = "URL",
            description =
                    "The service, e.g. http://127.0.0.1:8080 (default: $SNIPPETS_SERVER, else the last one signed in to).")
    String server;

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "Print the API's data as JSON, for scripts.")
    boolean json;

    @Option(
            names = "--timeout",
            scope = ScopeType.INHERIT,
            paramLabel = "SECONDS",
            description = "How long to wait for the service to answer (default: $SNIPPETS_TIMEOUT, else "
                    + DEFAULT_TIMEOUT_SECONDS + "; 0 for no limit; uploads are not limited).")
    Integer timeout;

    private final Map<String, String> environment;
    private final Terminal terminal;

    /** For picocli's completion generator, which instantiates the command itself. */
    public Snippets() {
        this(System.getenv(), Terminal.system(System.getenv()));
    }

    Snippets(Map<String, String> environment, Terminal terminal) {
        this.environment = environment;
        this.terminal = terminal;
    }

    Map<String, String> environment() {
        return environment;
    }

    Terminal terminal() {
        return terminal;
    }

    boolean json() {
        return json;
    }

    Config config() {
        return Config.load(environment);
    }

    /** The server of this run: --server, $SNIPPETS_SERVER, the last one signed in to, or a local service. */
    String server(Config config) {
        return config.server(
                Optional.ofNullable(server).or(() -> Optional.ofNullable(environment.get("SNIPPETS_SERVER"))));
    }

    /** The API with the token of this run: $SNIPPETS_TOKEN, else the stored one; none is an authentication failure. */
    Api signedIn() {
        timeoutSeconds(); // a wrong timeout is a usage error before anything else
        Config config = config();
        String chosen = server(config);
        Optional<String> token = Optional.ofNullable(environment.get("SNIPPETS_TOKEN"))
                .filter(value -> !value.isBlank())
                .or(() -> config.login(chosen).map(Config.Login::token));
        if (token.isEmpty()) {
            throw new Failure(
                    Failure.AUTH,
                    "Not signed in to " + chosen + ": run `snippets login " + chosen + "` (or set SNIPPETS_TOKEN).");
        }
        return api(chosen, token);
    }

    /** The API of {@code server}, with the token if any and the answer timeout of this run. */
    Api api(String server, Optional<String> token) {
        return new Api(server, token, Duration.ofSeconds(timeoutSeconds()));
    }

    /** --timeout, else $SNIPPETS_TIMEOUT, else the default; a usage error when not a whole number of seconds from 0. */
    int timeoutSeconds() {
        String configured = timeout != null ? timeout.toString() : environment.get("SNIPPETS_TIMEOUT");
        if (configured == null || configured.isBlank()) {
            return DEFAULT_TIMEOUT_SECONDS;
        }
        try {
            int seconds = Integer.parseInt(configured.strip());
            if (seconds >= 0) {
                return seconds;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw new Failure(
                Failure.USAGE, "The timeout must be a whole number of seconds, 0 or more, not \"" + configured + "\".");
    }

    /** The command line of the client, its exit codes and its colours decided. */
    static CommandLine commandLine(Map<String, String> environment, Terminal terminal) {
        CommandLine commandLine = new CommandLine(new Snippets(environment, terminal));
        Ansi ansi = terminal.colours() ? Ansi.ON : Ansi.OFF;
        commandLine.setColorScheme(CommandLine.Help.defaultColorScheme(ansi));
        commandLine.setOut(terminal.out());
        commandLine.setErr(terminal.err());
        commandLine.setParameterExceptionHandler((wrong, arguments) -> {
            PrintWriter err = wrong.getCommandLine().getErr();
            err.println(ansi.string("@|red snippets: " + escape(wrong.getMessage()) + "|@"));
            err.println("See: " + wrong.getCommandLine().getCommandSpec().qualifiedName() + " --help");
            err.flush();
            return Failure.USAGE;
        });
        commandLine.setExecutionExceptionHandler((thrown, line, parsed) -> {
            Failure failure = Failure.of(thrown);
            PrintWriter err = line.getErr();
            if (((Snippets) line.getCommandSpec().root().userObject()).json) {
                err.println(Json.createObjectBuilder()
                        .add(
                                "error",
                                Json.createObjectBuilder()
                                        .add("exitCode", failure.exitCode())
                                        .add("message", failure.getMessage()))
                        .build());
            } else {
                err.println(ansi.string("@|red snippets: " + escape(failure.getMessage()) + "|@"));
            }
            err.flush();
            return failure.exitCode();
        });
        return commandLine;
    }

    /** picocli's markup takes {@code @|} and {@code |@} as its own. */
    private static String escape(String message) {
        return message.replace("@|", "@ |").replace("|@", "| @");
    }

    public static void main(String[] arguments) {
        Terminal terminal = Terminal.system(System.getenv());
        int exitCode = commandLine(System.getenv(), terminal).execute(arguments);
        terminal.out().flush();
        System.exit(exitCode);
    }
}
