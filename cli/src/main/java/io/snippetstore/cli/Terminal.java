package io.snippetstore.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Where the client writes and reads, and whether it may use colour: only on a terminal, and never
 * when {@code NO_COLOR} is set (https://no-color.org) or the terminal is dumb.
 */
record Terminal(PrintWriter out, PrintWriter err, OutputStream rawOut, InputStream in, boolean interactive, boolean colours) {

    static Terminal system(Map<String, String> environment) {
        boolean interactive = System.console() != null;
        return new Terminal(new PrintWriter(System.out, true, StandardCharsets.UTF_8), new PrintWriter(System.err, true, StandardCharsets.UTF_8),
                System.out, System.in, interactive, colours(interactive, environment));
    }

    static boolean colours(boolean interactive, Map<String, String> environment) {
        return interactive && !environment.containsKey("NO_COLOR") && !"dumb".equals(environment.get("TERM"));
    }
}
