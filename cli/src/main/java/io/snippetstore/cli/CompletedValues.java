package io.snippetstore.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The values the completion scripts offer that only the service knows: snippets' ids (with their
 * titles), tags and group names. An argument or option declares which by its {@code
 * completionCandidates} (one of the classes below, whose one value is a marker); each script
 * generator turns a marker into a call of the hidden {@code snippets complete-values KIND}, made
 * when that value is completed. Its answer is kept for a minute in an owner-only file under
 * {@code ${XDG_CACHE_HOME:-~/.cache}/snippets}, so a run of Tabs asks the service once; any failure
 * (not signed in, the service away) completes nothing and prints nothing.
 */
final class CompletedValues {

    /** How long a kind's values are offered from the cache before the service is asked again. */
    static final Duration KEPT = Duration.ofMinutes(1);

    /** How many snippets' ids are offered: the most recently updated the user can read. */
    static final int IDS_OFFERED = 50;

    private static final String MARKER_PREFIX = "@snippets-complete-";
    private static final Pattern MARKER = Pattern.compile(Pattern.quote(MARKER_PREFIX) + "([a-z]+)@");

    private CompletedValues() {}

    /** The marker of a kind, as a script generator finds it among an argument's candidates. */
    private static String marker(String kind) {
        return MARKER_PREFIX + kind + "@";
    }

    /** The kind a candidate value marks, if it is a marker. */
    static Optional<String> kindOf(String candidate) {
        Matcher matcher = MARKER.matcher(candidate);
        return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    /** Completes a snippet's id. */
    static final class SnippetIds extends ArrayList<String> {
        SnippetIds() {
            super(List.of(marker("ids")));
        }
    }

    /** Completes a tag. */
    static final class Tags extends ArrayList<String> {
        Tags() {
            super(List.of(marker("tags")));
        }
    }

    /** Completes a group's name. */
    static final class Groups extends ArrayList<String> {
        Groups() {
            super(List.of(marker("groups")));
        }
    }

    /** The shell command that prints a kind's values, one per line ({@code described}: "value\tdescription"). */
    static String command(String kind, boolean described) {
        return "command snippets complete-values " + kind + (described ? " --described" : "")
                + " --timeout 3 2>/dev/null";
    }

    /**
     * picocli's bash script with each marked array's use calling {@code _snippets_values KIND}
     * instead, which fills {@code _snippets_found} line by line (names may hold spaces): the
     * service is asked only when that value is completed, not at every Tab of the command.
     */
    static String bash(String script) {
        Map<String, String> kindOfArray = new HashMap<>();
        Matcher declaration = Pattern.compile("local (\\w+)=\\(\"" + MARKER.pattern() + "\"\\)")
                .matcher(script);
        while (declaration.find()) {
            kindOfArray.put(declaration.group(1), declaration.group(2));
        }
        String completed = script;
        for (var array : kindOfArray.entrySet()) {
            completed = Pattern.compile("(?m)^(\\s*)(.*)\"\\$\\{" + Pattern.quote(array.getKey()) + "\\[@]}\"(.*)$")
                    .matcher(completed)
                    .replaceAll(use -> Matcher.quoteReplacement(use.group(1) + "_snippets_values " + array.getValue()
                            + "; " + use.group(2) + "\"${_snippets_found[@]}\"" + use.group(3)));
        }
        return completed
                + "\n# the values only the service knows (ids, tags, groups), a line each\n"
                + "function _snippets_values() {\n"
                + "  local IFS=$'\\n'\n"
                + "  _snippets_found=($(" + command("\"$1\"", false) + "))\n"
                + "}\n";
    }

    @Command(
            name = "complete-values",
            hidden = true,
            description = "For the completion scripts: snippets' ids, tags or group names, a line each.")
    static final class CompleteValuesCommand implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(paramLabel = "KIND", description = "ids, tags or groups.")
        String kind;

        @Option(names = "--described", description = "Each value followed by a tab and what it is (for fish).")
        boolean described;

        @Override
        public Integer call() {
            try {
                for (String line : values()) {
                    String value = described ? line : line.split("\t", 2)[0];
                    client.terminal().out().println(value);
                }
            } catch (RuntimeException | IOException nothingToOffer) {
                // a completion offers nothing rather than print an error into the command line
            }
            client.terminal().out().flush();
            return 0;
        }

        /** The kind's lines, "value\tdescription": from the cache while fresh, else from the service. */
        private List<String> values() throws IOException {
            Function<Api, List<String>> asked = switch (kind) {
                case "ids" ->
                    api -> api.list("/api/v1/snippets?scope=all&sort=updated&limit=" + IDS_OFFERED, false).stream()
                            .map(snippet -> snippet.getString("id") + "\t" + oneLine(Output.text(snippet, "title")))
                            .toList();
                case "tags" ->
                    api -> named(api.get("/api/v1/snippets/facets?scope=all")
                            .asJsonObject()
                            .getJsonArray("tags")
                            .getValuesAs(JsonObject.class));
                case "groups" -> api -> named(api.list("/api/v1/groups", true));
                default -> throw new Failure(Failure.USAGE, "ids, tags or groups");
            };
            Api api = client.signedIn();
            Path cached = cacheFile(client.environment(), api.server(), kind);
            if (Files.exists(cached)
                    && Files.getLastModifiedTime(cached)
                            .toInstant()
                            .isAfter(Instant.now().minus(KEPT))) {
                return Files.readAllLines(cached, StandardCharsets.UTF_8);
            }
            List<String> values = asked.apply(api);
            // titles of private snippets are in it
            OwnerOnlyFiles.write(cached, String.join("\n", values) + "\n");
            return values;
        }

        private static List<String> named(List<JsonObject> items) {
            return items.stream().map(item -> oneLine(item.getString("name"))).toList();
        }

        private static String oneLine(String text) {
            return text.replaceAll("[\\t\\r\\n]+", " ");
        }
    }

    /** One file per server and kind: a hash of the server's address names it. */
    static Path cacheFile(Map<String, String> environment, String server, String kind) {
        String base = Optional.ofNullable(environment.get("XDG_CACHE_HOME"))
                .filter(value -> !value.isBlank())
                .orElse(Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")), ".cache")
                        .toString());
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(server.getBytes(StandardCharsets.UTF_8));
            return Path.of(
                    base,
                    "snippets",
                    "values-" + kind.toLowerCase(Locale.ROOT) + "-"
                            + HexFormat.of().formatHex(digest, 0, 8) + ".txt");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
