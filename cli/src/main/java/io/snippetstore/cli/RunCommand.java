package io.snippetstore.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code snippets run}: a snippet's command, its variables filled in, shown, confirmed, then run by the user's shell. */
@Command(
        name = "run",
        description = {
            "Run a snippet's code with your shell ($SHELL, else /bin/sh), its variables filled in.",
            "The command is shown first and runs once you confirm (--yes: without asking; needed when no terminal can ask).",
            "A variable without a value or default is asked for on a terminal. The exit code is the command's."
        },
        footer = {
            "",
            "Examples:",
            "  snippets run 01a2... --set namespace=prod --set app=web",
            "  snippets run 01a2... --set namespace=prod --yes"
        })
final class RunCommand implements Callable<Integer> {

    @Mixin
    ClientOptions client;

    @Parameters(
            paramLabel = "ID",
            completionCandidates = CompletedValues.SnippetIds.class,
            description = "The snippet's id, or its address (a share link's too).")
    String id;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "A variable's value (repeatable).")
    List<String> sets = new ArrayList<>();

    @Option(
            names = {"-y", "--yes"},
            description = "Run without asking.")
    boolean yes;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!yes && !client.terminal().interactive()) {
            throw new Failure(
                    Failure.USAGE, "Running a snippet needs --yes when no terminal can ask; nothing was run.");
        }
        String command;
        try (InputStream rendered = Rendering.of(SnippetSource.of(client, id), sets, client.terminal())) {
            command = new String(rendered.readAllBytes(), StandardCharsets.UTF_8);
        }
        String shell = client.environment().getOrDefault("SHELL", "").isBlank()
                ? "/bin/sh"
                : client.environment().get("SHELL");
        client.terminal().err().println("Runs with " + shell + " -c:");
        client.terminal().err().println(command.endsWith("\n") ? command.substring(0, command.length() - 1) : command);
        if (!yes && !client.terminal().confirmed("Run it?")) {
            client.terminal().err().println("Nothing was run.");
            return Failure.USAGE;
        }
        client.terminal().out().flush();
        client.terminal().err().flush();
        Process process = new ProcessBuilder(shell, "-c", command).inheritIO().start();
        return process.waitFor();
    }
}
