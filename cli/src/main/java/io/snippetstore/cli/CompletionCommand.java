package io.snippetstore.cli;

import java.util.concurrent.Callable;

import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code snippets completion bash|zsh|fish}: the completion script, generated from the commands themselves. */
@Command(
        name = "completion",
        description = {
            "Print the shell completion script (commands, options, and values such as --sort's).",
            "zsh runs the bash script through bashcompinit; fish gets its own."
        },
        footer = {
            "",
            "Examples:",
            "  snippets completion bash > ~/.local/share/bash-completion/completions/snippets   # once",
            "  snippets completion zsh > \"$${fpath[1]}/_snippets\"",
            "  snippets completion fish > ~/.config/fish/completions/snippets.fish"
        })
final class CompletionCommand implements Callable<Integer> {

    @Mixin
    ClientOptions client;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "SHELL", completionCandidates = Shells.class, description = "bash, zsh or fish.")
    String shell;

    /** The shells a script is printed for. */
    static final class Shells extends java.util.ArrayList<String> {
        Shells() {
            super(java.util.List.of("bash", "zsh", "fish"));
        }
    }

    @Override
    public Integer call() {
        if (!new Shells().contains(shell)) {
            throw new Failure(Failure.USAGE, "No completion for " + shell + ": bash, zsh or fish.");
        }
        if (shell.equals("fish")) {
            new Output(client.terminal()).line(FishCompletion.script(spec.root().commandLine()));
            return 0;
        }
        // picocli's script sets up bashcompinit itself when zsh runs it
        new Output(client.terminal())
                .line(AutoComplete.bash("snippets", spec.root().commandLine()));
        return 0;
    }
}
