import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a read spends its CPU, per request, from one JFR recording of a server that measured
 * several endpoints one after the other: each endpoint's execution samples (taken while its load
 * ran) counted per 1,000 of its requests, in all and by where they fall. Counting per request
 * makes endpoints run at different rates comparable: what a GET costs beyond token
 * authentication alone (whoami), or beyond the trivial endpoint (the ceiling).
 *
 * A sample falls into the first of the categories whose frames its stack holds (the order below
 * puts the inner ones first), or into "the rest". The recording needs stacks deep enough to
 * reach the request's outer frames (-XX:FlightRecorderOptions:stackdepth=256): with JFR's
 * default of 64, a deep sample loses the frames that name its request.
 *
 * Usage: java bench/ReadProfile.java RECORDING NAME:START_MS:END_MS:REQUESTS ...
 */
public class ReadProfile {

    record Window(String name, Instant start, Instant end, long requests) {
        static Window parse(String argument) {
            String[] parts = argument.split(":");
            return new Window(
                    parts[0],
                    Instant.ofEpochMilli(Long.parseLong(parts[1])),
                    Instant.ofEpochMilli(Long.parseLong(parts[2])),
                    Long.parseLong(parts[3]));
        }

        boolean holds(Instant time) {
            return !time.isBefore(start) && time.isBefore(end);
        }
    }

    record Category(String name, Predicate<String> frame) {}

    static final List<Category> CATEGORIES = List.of(
            new Category("connection from the server's pool", frame -> frame.endsWith(".getConnection")),
            new Category(
                    "SQLite and the JDBC wrappers",
                    frame -> frame.startsWith("org.sqlite.") || frame.startsWith("com.sun.gjc.")),
            new Category("Lucene: matching, scoring, sorting", frame -> frame.startsWith("org.apache.lucene.")),
            new Category(
                    "match excerpts (the lines a result matched)",
                    frame -> frame.startsWith("io.snippetstore.snippets.control.MatchExcerpt")),
            new Category(
                    "the search component's own code (queries, catching up)",
                    frame -> frame.startsWith("io.snippetstore.search.")),
            new Category(
                    "the snippet query's own code (SQL, rows)",
                    frame -> frame.startsWith("io.snippetstore.snippets.control.SnippetQueries")),
            new Category(
                    "EJB container (the call around the service)",
                    frame -> frame.startsWith("com.sun.ejb.") || frame.startsWith("org.glassfish.ejb.")),
            new Category(
                    "JSON-B writing the answer",
                    frame -> frame.startsWith("org.eclipse.yasson.") || frame.startsWith("org.eclipse.parsson.")),
            new Category(
                    "bearer-token check",
                    frame -> frame.startsWith("io.snippetstore.auth.boundary.AuthenticationFilter")),
            new Category(
                    "resource method (the rest of it)",
                    frame -> frame.startsWith("io.snippetstore.")
                            && frame.contains(".boundary.")
                            && frame.contains("Resource.")),
            new Category(
                    "Jersey and Weld (the rest of the JAX-RS request)",
                    frame -> frame.startsWith("org.glassfish.jersey.")),
            new Category(
                    "servlet filters and the web container",
                    frame -> frame.startsWith("org.apache.catalina.") || frame.startsWith("com.sun.enterprise.web.")),
            new Category("Grizzly (HTTP)", frame -> frame.startsWith("org.glassfish.grizzly.")));

    public static void main(String[] args) throws Exception {
        List<Window> windows = args.length > 1
                ? List.of(args).subList(1, args.length).stream()
                        .map(Window::parse)
                        .toList()
                : List.of();
        if (windows.isEmpty()) {
            System.err.println("Usage: java bench/ReadProfile.java RECORDING NAME:START_MS:END_MS:REQUESTS ...");
            System.exit(2);
        }
        Map<Window, long[]> counts = new LinkedHashMap<>();
        windows.forEach(window -> counts.put(window, new long[CATEGORIES.size() + 2]));
        Map<Window, Map<String, Long>> leaves = new LinkedHashMap<>();
        windows.forEach(window -> leaves.put(window, new java.util.HashMap<>()));
        for (RecordedEvent event : RecordingFile.readAllEvents(Path.of(args[0]))) {
            if (!event.getEventType().getName().equals("jdk.ExecutionSample") || event.getStackTrace() == null) {
                continue;
            }
            for (Window window : windows) {
                if (window.holds(event.getStartTime())) {
                    long[] row = counts.get(window);
                    row[0]++;
                    row[1 + categoryOf(event.getStackTrace().getFrames())]++;
                    leaves.get(window).merge(leafOf(event.getStackTrace().getFrames()), 1L, Long::sum);
                }
            }
        }
        List<String> header = new ArrayList<>(List.of("samples per 1,000 requests"));
        windows.forEach(window -> header.add(window.name()));
        System.out.println("| " + String.join(" | ", header) + " |");
        System.out.println("|---" + "|---:".repeat(windows.size()) + "|");
        printRow("all", windows, counts, 0);
        for (int category = 0; category < CATEGORIES.size(); category++) {
            printRow(CATEGORIES.get(category).name(), windows, counts, 1 + category);
        }
        printRow("the rest (JVM, other threads)", windows, counts, 1 + CATEGORIES.size());
        System.out.println();
        System.out.println("The methods most samples were in (the innermost frame), per 1,000 requests:");
        for (Window window : windows) {
            System.out.println();
            System.out.println("- " + window.name() + ": "
                    + String.join(
                            "; ",
                            leaves.get(window).entrySet().stream()
                                    .sorted(Map.Entry.<String, Long>comparingByValue()
                                            .reversed())
                                    .limit(LEAVES_SHOWN)
                                    .map(entry -> String.format(
                                            "%s %.1f", entry.getKey(), entry.getValue() * 1000.0 / window.requests()))
                                    .toList()));
        }
    }

    static final int LEAVES_SHOWN = 8;

    /** The innermost frame, as class.method (the class without its package). */
    static String leafOf(List<RecordedFrame> frames) {
        if (frames.isEmpty()) {
            return "(no frame)";
        }
        String type = frames.get(0).getMethod().getType().getName();
        return type.substring(type.lastIndexOf('.') + 1) + "."
                + frames.get(0).getMethod().getName();
    }

    static int categoryOf(List<RecordedFrame> frames) {
        for (int category = 0; category < CATEGORIES.size(); category++) {
            Predicate<String> matches = CATEGORIES.get(category).frame();
            if (frames.stream()
                    .anyMatch(frame -> matches.test(frame.getMethod().getType().getName() + "."
                            + frame.getMethod().getName()))) {
                return category;
            }
        }
        return CATEGORIES.size();
    }

    static void printRow(String name, List<Window> windows, Map<Window, long[]> counts, int column) {
        StringBuilder row = new StringBuilder("| " + name);
        for (Window window : windows) {
            row.append(String.format(" | %.2f", counts.get(window)[column] * 1000.0 / window.requests()));
        }
        System.out.println(row.append(" |"));
    }
}
