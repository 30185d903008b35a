package io.snippetstore.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * Where the client writes and reads, and whether it may use colour: only on a terminal, and never
 * when {@code NO_COLOR} is set (https://no-color.org) or the terminal is dumb.
 */
record Terminal(
        PrintWriter out, PrintWriter err, OutputStream rawOut, InputStream in, boolean interactive, boolean colours) {

    static Terminal system(Map<String, String> environment) {
        boolean interactive = System.console() != null;
        return new Terminal(
                new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8),
                System.out,
                System.in,
                interactive,
                colours(interactive, environment));
    }

    /** Whether a write to standard output failed: a PrintWriter and System.out keep such errors to themselves until asked. */
    boolean failedToWrite() {
        return out.checkError() || rawOut instanceof java.io.PrintStream stream && stream.checkError();
    }

    static boolean colours(boolean interactive, Map<String, String> environment) {
        return interactive && !environment.containsKey("NO_COLOR") && !"dumb".equals(environment.get("TERM"));
    }

    /** Asks a yes/no {@code question} on standard error; only "y" (any case) is a yes. */
    boolean confirmed(String question) throws IOException {
        return ask(question + " [y/N] ")
                .map(answer -> answer.strip().equalsIgnoreCase("y"))
                .orElse(false);
    }

    /** Like {@link #ask}, but a terminal does not show what is typed (a token, a password). */
    Optional<String> askSecret(String prompt) throws IOException {
        java.io.Console console = System.console();
        if (interactive && console != null) {
            return Optional.ofNullable(console.readPassword("%s", prompt)).map(String::new);
        }
        return ask("");
    }

    /**
     * Shows {@code prompt} on standard error and reads one line of standard input (empty at its
     * end). Byte by byte: a buffer would swallow what was typed ahead for the next question.
     */
    Optional<String> ask(String prompt) throws IOException {
        err.print(prompt);
        err.flush();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return line.size() == 0 ? Optional.empty() : Optional.of(line.toString(StandardCharsets.UTF_8));
            }
            line.write(b);
        }
        String text = line.toString(StandardCharsets.UTF_8);
        return Optional.of(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
    }
}
