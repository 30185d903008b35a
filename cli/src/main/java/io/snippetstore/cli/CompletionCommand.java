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
            "zsh's is the bash script run through bashcompinit, as a #compdef file for a folder of $fpath; fish gets its own."
        },
        footer = {
            "",
            "Examples:",
            "  snippets completion bash > ~/.local/share/bash-completion/completions/snippets   # once",
            "  mkdir -p ~/.zfunc && snippets completion zsh > ~/.zfunc/_snippets",
            "  # and in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath)",
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
        String bash =
                CompletedValues.bash(AutoComplete.bash("snippets", spec.root().commandLine()));
        new Output(client.terminal()).line(shell.equals("zsh") ? zsh(bash) : bash);
        return 0;
    }

    /**
     * picocli's bash script as zsh's compinit loads it from a folder of {@code $fpath}: marked
     * {@code #compdef}, and completing the word at hand too when compinit runs it as the function
     * {@code _snippets} at the first completion (the script itself only registers the completion, by
     * bashcompinit, from then on). bash's {@code compopt} has no zsh counterpart: picocli aliases
     * it to {@code complete}, which in a loaded function body is not an alias yet and would run as a
     * command, so it does nothing here.
     */
    static String zsh(String bash) {
        return "#compdef snippets\n"
                + bash.replace("alias compopt=complete", "compopt() { :; }")
                + "\n[[ ${funcstack[1]} == _snippets ]] && _bash_complete -F _complete_snippets -o default\n";
    }
}
