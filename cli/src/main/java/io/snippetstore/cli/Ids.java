package io.snippetstore.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import picocli.CommandLine.Parameters;

/**
 * The ids a command acts on: its arguments, or, for a lone {@code -}, the first word of each line of
 * standard input, so that {@code search -q} and {@code search}'s piped rows (the id first) both feed
 * {@code rm}, {@code tag} and {@code share}. An id given twice is acted on once.
 */
final class Ids {

    static final String FROM_INPUT = "-";

    private Ids() {}

    /** The snippets' ids of a command that takes several: mixed in, so that each says it the same way. */
    static final class OfSnippets {

        @Parameters(
                arity = "1..*",
                paramLabel = "ID",
                description = "The snippets' ids, or - to read them from standard input (one per line).")
        List<String> arguments = new ArrayList<>();

        List<String> read(Terminal terminal) throws IOException {
            return of(arguments, terminal);
        }
    }

    static List<String> of(List<String> arguments, Terminal terminal) throws IOException {
        if (!arguments.contains(FROM_INPUT)) {
            return List.copyOf(new LinkedHashSet<>(arguments));
        }
        if (arguments.size() > 1) {
            throw new Failure(
                    Failure.USAGE, "\"-\" reads the ids from standard input and stands alone; nothing was done.");
        }
        Set<String> ids = new LinkedHashSet<>();
        for (String line : new String(terminal.in().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            String[] words = line.strip().split("\\s+", 2);
            if (!words[0].isEmpty()) {
                ids.add(words[0]);
            }
        }
        if (ids.isEmpty()) {
            throw new Failure(Failure.USAGE, "No ids on standard input; nothing was done.");
        }
        return List.copyOf(ids);
    }
}
