package io.snippetstore.cli;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** A snippet's history and the trash: {@code history}, {@code diff}, {@code restore}, {@code trash}. */
final class HistoryCommands {

    private HistoryCommands() {}

    private static String revisions(String id) {
        return "/api/v1/snippets/" + Api.encode(id) + "/revisions";
    }

    @Command(
            name = "history",
            description = "List a snippet's versions, newest first: when, by whom, and which fields each changed.",
            footer = {"", "Examples:", "  snippets history 01a2...", "  snippets history 01a2... --all --json"})
    static final class History implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                converter = Ids.SnippetId.class,
                completionCandidates = CompletedValues.SnippetIds.class,
                paramLabel = "ID",
                description = "The snippet's id, or its address.")
        String id;

        @Option(names = "--all", description = "Every version, not only the newest page (50).")
        boolean all;

        @Override
        public Integer call() {
            Api.Listed listed = client.signedIn().listed(revisions(id), all);
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.page(listed.items(), listed.nextCursor());
                return 0;
            }
            output.table(
                    listed.items(),
                    List.of(
                            new Output.Column(
                                    "VERSION",
                                    8,
                                    version -> version.get("version").toString()),
                            new Output.Column("CREATED", 24, version -> Output.text(version, "createdAt")),
                            new Output.Column(
                                    "AUTHOR", 24, version -> Output.text(version.getJsonObject("author"), "username")),
                            new Output.Column(
                                    "CHANGED",
                                    60,
                                    version -> version.get("changedFields") instanceof JsonArray fields
                                            ? String.join(
                                                    ", ",
                                                    fields.getValuesAs(JsonString.class).stream()
                                                            .map(JsonString::getString)
                                                            .toList())
                                            : "(not recorded)")));
            if (listed.more()) {
                output.note("Older versions follow: --all lists every one.");
            }
            return 0;
        }
    }

    @Command(
            name = "diff",
            description = {
                "Show what changed between two versions of a snippet, as a unified diff per field.",
                "With one version: what that version changed (from the one before it)."
            },
            footer = {"", "Examples:", "  snippets diff 01a2... 3", "  snippets diff 01a2... 1 5 --json"})
    static final class Diff implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                converter = Ids.SnippetId.class,
                completionCandidates = CompletedValues.SnippetIds.class,
                index = "0",
                paramLabel = "ID",
                description = "The snippet's id, or its address.")
        String id;

        @Parameters(index = "1", paramLabel = "A", description = "A version (the older one, or the only one).")
        long from;

        @Parameters(index = "2", arity = "0..1", paramLabel = "B", description = "The other version.")
        Long to;

        @Override
        public Integer call() {
            long older = to == null ? from - 1 : from;
            long newer = to == null ? from : to;
            if (older < 1) {
                throw new Failure(Failure.USAGE, "Version " + from + " is the first: give two versions to compare.");
            }
            JsonObject diff = client.signedIn()
                    .get(revisions(id) + "/" + older + "/diff/" + newer)
                    .asJsonObject();
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(diff);
                return 0;
            }
            boolean colours = client.terminal().colours();
            List<JsonObject> fields = diff.getJsonArray("fields").getValuesAs(JsonObject.class);
            if (fields.isEmpty()) {
                output.note("Versions " + older + " and " + newer + " do not differ.");
            }
            for (JsonObject field : fields) {
                // a file per field, as diff -u names them: patch, git apply and delta read it
                String name = field.getString("field");
                output.line(coloured(colours, BOLD, "--- a/" + name + "\tversion " + older));
                output.line(coloured(colours, BOLD, "+++ b/" + name + "\tversion " + newer));
                if (field.containsKey("hunks")) {
                    for (JsonObject hunk : field.getJsonArray("hunks").getValuesAs(JsonObject.class)) {
                        output.line(coloured(
                                colours,
                                CYAN,
                                "@@ -" + hunk.getInt("fromLine") + "," + hunk.getInt("fromCount") + " +"
                                        + hunk.getInt("toLine") + "," + hunk.getInt("toCount") + " @@"));
                        for (JsonObject line : hunk.getJsonArray("lines").getValuesAs(JsonObject.class)) {
                            output.line(diffLine(colours, line));
                        }
                    }
                } else {
                    wholeField(output, colours, shown(field.get("from")), shown(field.get("to")));
                }
            }
            return 0;
        }

        /** A field given whole (a title, the tags, a text past the diff's budget) as one hunk replacing every line. */
        private static void wholeField(Output output, boolean colours, String from, String to) {
            List<String> removed = lines(from);
            List<String> added = lines(to);
            output.line(coloured(colours, CYAN, "@@ -" + range(removed.size()) + " +" + range(added.size()) + " @@"));
            removed.forEach(line -> output.line(coloured(colours, RED, "-" + line)));
            if (!removed.isEmpty() && !from.endsWith("\n")) {
                output.line("\\ No newline at end of file");
            }
            added.forEach(line -> output.line(coloured(colours, GREEN, "+" + line)));
            if (!added.isEmpty() && !to.endsWith("\n")) {
                output.line("\\ No newline at end of file");
            }
        }

        private static List<String> lines(String text) {
            return text.isEmpty() ? List.of() : List.of(text.split("\n", -1)).subList(0, lineCount(text));
        }

        private static int lineCount(String text) {
            int count = (int) text.chars().filter(c -> c == '\n').count();
            return text.endsWith("\n") ? count : count + 1;
        }

        /** A hunk's range as diff -u writes it: "1" for one line, "0,0" for none, else "1,N". */
        private static String range(int count) {
            return count == 0 ? "0,0" : count == 1 ? "1" : "1," + count;
        }

        /** A hunk's line as diff -u prints it, "\\ No newline at end of file" included. */
        private static String diffLine(boolean colours, JsonObject line) {
            String text =
                    line.getString("text") + (line.containsKey("noNewline") ? "\n\\ No newline at end of file" : "");
            return switch (line.getString("type")) {
                case "added" -> coloured(colours, GREEN, "+" + text);
                case "removed" -> coloured(colours, RED, "-" + text);
                default -> " " + text;
            };
        }

        // plain ANSI escapes, not picocli's markup: a snippet's text may hold "@|" itself
        private static final String BOLD = "\u001b[1m";
        private static final String RED = "\u001b[31m";
        private static final String GREEN = "\u001b[32m";
        private static final String CYAN = "\u001b[36m";

        private static String coloured(boolean colours, String code, String text) {
            return colours ? code + text + "\u001b[0m" : text;
        }

        private static String shown(JsonValue value) {
            if (value instanceof JsonString text) {
                return text.getString();
            }
            if (value instanceof JsonArray array) {
                return String.join(
                        ", ",
                        array.getValuesAs(JsonString.class).stream()
                                .map(JsonString::getString)
                                .toList());
            }
            return "";
        }
    }

    @Command(
            name = "restore",
            description = {
                "Make an earlier version's fields the snippet's next version (who can read it stays).",
                "Refused (exit 4) when the snippet changed since --if-version."
            },
            footer = {"", "Examples:", "  snippets restore 01a2... 3", "  snippets restore 01a2... 3 --if-version 7"})
    static final class Restore implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                converter = Ids.SnippetId.class,
                completionCandidates = CompletedValues.SnippetIds.class,
                index = "0",
                paramLabel = "ID",
                description = "The snippet's id, or its address.")
        String id;

        @Parameters(index = "1", paramLabel = "VERSION", description = "The version to bring back.")
        long version;

        @Option(names = "--if-version", paramLabel = "N", description = "Only if the snippet is still at version N.")
        Long ifVersion;

        @Override
        public Integer call() {
            Map<String, String> headers = Optional.ofNullable(ifVersion)
                    .map(n -> Map.of("If-Match", "\"" + n + "\""))
                    .orElse(Map.of());
            JsonObject restored = client.signedIn()
                    .call("POST", revisions(id) + "/" + version + "/restore", null, headers)
                    .asJsonObject();
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(restored);
            } else {
                output.line("Restored version " + version + " of " + id + " as version "
                        + restored.getJsonNumber("version") + ".");
            }
            return 0;
        }
    }

    @Command(
            name = "trash",
            description = {
                "List your deleted snippets, newest first; restore one, or delete it for good.",
                "Deleted snippets are purged after the service's trash period."
            },
            subcommands = {TrashRestore.class, TrashPurge.class},
            footer = {
                "",
                "Examples:",
                "  snippets trash",
                "  snippets trash restore 01a2...",
                "  snippets trash purge 01a2... --yes"
            })
    static final class Trash implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Option(names = "--all", description = "Every deleted snippet, not only the newest page (50).")
        boolean all;

        @Override
        public Integer call() {
            Api.Listed listed = client.signedIn().listed("/api/v1/trash", all);
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.page(listed.items(), listed.nextCursor());
                return 0;
            }
            output.table(
                    listed.items(),
                    List.of(
                            new Output.Column("ID", 36, s -> Output.text(s, "id")),
                            new Output.Column("TITLE", 40, s -> Output.text(s, "title")),
                            new Output.Column("DELETED", 24, s -> Output.text(s, "deletedAt")),
                            new Output.Column("PURGED", 24, s -> Output.text(s, "purgeAt"))));
            if (listed.more()) {
                output.note("More are in the trash: --all lists every one.");
            }
            return 0;
        }
    }

    @Command(name = "restore", description = "Take a snippet out of the trash, as it was.")
    static final class TrashRestore implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(converter = Ids.SnippetId.class, paramLabel = "ID", description = "The deleted snippet's id.")
        String id;

        @Override
        public Integer call() {
            JsonObject restored = client.signedIn()
                    .call("POST", "/api/v1/trash/" + Api.encode(id) + "/restore", null, Map.of())
                    .asJsonObject();
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(restored);
            } else {
                output.line("Restored " + id + " (" + restored.getString("title") + ").");
            }
            return 0;
        }
    }

    @Command(name = "purge", description = "Delete a snippet in the trash for good, with its attachments and history.")
    static final class TrashPurge implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(converter = Ids.SnippetId.class, paramLabel = "ID", description = "The deleted snippet's id.")
        String id;

        @Option(
                names = {"-y", "--yes"},
                required = true,
                description = "Required: purging cannot be undone.")
        boolean yes;

        @Override
        public Integer call() {
            JsonValue purged = client.signedIn().call("DELETE", "/api/v1/trash/" + Api.encode(id), null, Map.of());
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(purged);
            } else {
                output.line("Purged " + id + " for good.");
            }
            return 0;
        }
    }
}
