package io.snippetstore.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;

import jakarta.json.Json;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

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
            "Exit codes: 0 ok, 1 usage or a local file, 2 not found, 3 authentication, 4 conflict, 5 server or network,"
                    + " 6 not allowed (signed in, but the service refuses it to you); import: 7 a source's rate limit,"
                    + " 8 a source it does not read, 9 a file that is not snippets."
        },
        subcommands = {
            AuthCommands.Login.class,
            AuthCommands.Logout.class,
            AuthCommands.Servers.class,
            AuthCommands.Use.class,
            CompletedValues.CompleteValuesCommand.class,
            AuthCommands.WhoAmI.class,
            AuthCommands.Tokens.class,
            SnippetCommands.Search.class,
            SnippetCommands.Show.class,
            RunCommand.class,
            SnippetCommands.Open.class,
            SnippetCommands.New.class,
            SnippetCommands.Edit.class,
            SnippetCommands.Remove.class,
            TagCommand.class,
            HistoryCommands.History.class,
            HistoryCommands.Diff.class,
            HistoryCommands.Restore.class,
            HistoryCommands.Trash.class,
            SharingCommands.Share.class,
            LinkCommands.class,
            CollectionCommands.class,
            SharingCommands.Groups.class,
            AttachmentCommands.Attach.class,
            AttachmentCommands.ListFiles.class,
            AttachmentCommands.Get.class,
            ImportCommands.class,
            ExportCommand.class,
            CompletionCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Snippets implements Callable<Integer> {

    @Mixin
    ClientOptions client;

    @Spec
    CommandSpec spec;

    /** No command: the help, as a person typing the name alone wants (clig.dev). */
    @Override
    public Integer call() {
        spec.commandLine().usage(client.terminal().out(), client.terminal().colours() ? Ansi.ON : Ansi.OFF);
        return 0;
    }

    /** The command line of the client, its exit codes and its colours decided. */
    static CommandLine commandLine(Map<String, String> environment, Terminal terminal) {
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == ClientOptions.class
                        ? type.cast(new ClientOptions(environment, terminal))
                        : CommandLine.defaultFactory().create(type);
            }
        };
        CommandLine commandLine = new CommandLine(new Snippets(), factory);
        Ansi ansi = terminal.colours() ? Ansi.ON : Ansi.OFF;
        commandLine.setColorScheme(CommandLine.Help.defaultColorScheme(ansi));
        commandLine.setOut(terminal.out());
        commandLine.setErr(terminal.err());
        commandLine.setParameterExceptionHandler((wrong, arguments) -> {
            PrintWriter err = wrong.getCommandLine().getErr();
            if (java.util.List.of(arguments).contains("--json")) {
                // a script asked for JSON: its usage errors are JSON too, as every other failure is
                err.println(errorJson(Failure.USAGE, wrong.getMessage()));
                err.flush();
                return Failure.USAGE;
            }
            err.println(ansi.string("@|red snippets: " + escape(wrong.getMessage()) + "|@"));
            if (wrong instanceof CommandLine.UnmatchedArgumentException unmatched) {
                CommandLine.UnmatchedArgumentException.printSuggestions(unmatched, err);
            }
            err.println("See: " + wrong.getCommandLine().getCommandSpec().qualifiedName() + " --help");
            err.flush();
            return Failure.USAGE;
        });
        commandLine.setExecutionExceptionHandler((thrown, line, parsed) -> {
            Failure failure = Failure.of(thrown);
            PrintWriter err = line.getErr();
            if (ClientOptions.of(line.getCommandSpec()).map(ClientOptions::json).orElse(false)) {
                err.println(errorJson(failure.exitCode(), failure.getMessage()));
            } else {
                err.println(ansi.string("@|red snippets: " + escape(failure.getMessage()) + "|@"));
            }
            err.flush();
            return failure.exitCode();
        });
        return commandLine;
    }

    /** A failure as a script reads it: {"error": {"exitCode", "message"}}. */
    private static jakarta.json.JsonObject errorJson(int exitCode, String message) {
        return Json.createObjectBuilder()
                .add(
                        "error",
                        Json.createObjectBuilder().add("exitCode", exitCode).add("message", message))
                .build();
    }

    /** picocli's markup takes {@code @|} and {@code |@} as its own. */
    private static String escape(String message) {
        return message.replace("@|", "@ |").replace("|@", "| @");
    }

    public static void main(String[] arguments) {
        Terminal terminal = Terminal.system(System.getenv());
        int exitCode = commandLine(System.getenv(), terminal).execute(arguments);
        if (exitCode == 0 && terminal.failedToWrite()) {
            // what no command saw fail, such as picocli's help
            terminal.err().println("snippets: " + Output.notWritten().getMessage());
            exitCode = Failure.USAGE;
        }
        System.exit(exitCode);
    }
}
