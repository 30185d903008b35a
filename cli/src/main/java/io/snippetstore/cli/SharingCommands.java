package io.snippetstore.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Who may read a snippet: {@code share} (the team, groups, links' state) and {@code groups}. */
final class SharingCommands {

    private SharingCommands() {}

    @Command(
            name = "groups",
            description = "List the groups you can share with, and their members.",
            footer = {"", "Examples:", "  snippets groups", "  snippets groups --json"})
    static final class Groups implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Override
        public Integer call() {
            List<JsonObject> groups = client.signedIn().list("/api/v1/groups", true);
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.page(groups);
                return 0;
            }
            output.table(
                    groups,
                    List.of(
                            new Output.Column("ID", 36, group -> Output.text(group, "id")),
                            new Output.Column("NAME", 30, group -> Output.text(group, "name")),
                            new Output.Column("SOURCE", 8, group -> Output.text(group, "source")),
                            new Output.Column(
                                    "MEMBERS",
                                    50,
                                    group -> String.join(
                                            ", ",
                                            group.getJsonArray("members").getValuesAs(JsonObject.class).stream()
                                                    .map(member -> member.getString("username"))
                                                    .toList()))));
            return 0;
        }
    }

    @Command(
            name = "share",
            description = {
                "Show or change who may read your snippets: the team, groups (read or write), links.",
                "Without options, shows it. The team, the groups and links are independent: each adds readers."
            },
            footer = {
                "",
                "Examples:",
                "  snippets share 01a2...",
                "  snippets share 01a2... --team",
                "  snippets share 01a2... --group ops --group 'release managers:write'",
                "  snippets share 01a2... --no-group ops --private",
                "  snippets search --tag oncall --all -q | snippets share - --group ops"
            })
    static final class Share implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Mixin
        Ids.OfSnippets snippets;

        @Option(
                names = "--visibility",
                completionCandidates = SnippetCommands.Visibilities.class,
                description =
                        "private, team or link: whether every signed-in user reads it (team), and whether its links open it (not private).")
        String visibility;

        @Option(names = "--team", description = "Every signed-in user may read it (--visibility team).")
        boolean team;

        @Option(
                names = "--private",
                description = "Only you and its groups; its links stop opening it (--visibility private).")
        boolean privately;

        @Mixin
        GroupChanges groupChanges;

        @Override
        public Integer call() throws IOException {
            List<String> ids = snippets.read(client.terminal());
            Api api = client.signedIn();
            Output output = new Output(client.terminal());
            List<JsonObject> shown = new ArrayList<>();
            for (String id : ids) {
                String path = "/api/v1/snippets/" + Api.encode(id);
                JsonObject snippet = api.get(path).asJsonObject();
                JsonObject patch = patch(api, snippet);
                shown.add(
                        patch.isEmpty()
                                ? snippet
                                : api.call("PATCH", path, patch, Map.of()).asJsonObject());
                if (!client.json()) {
                    describe(output, shown.get(shown.size() - 1), ids.size() > 1 ? id + ": " : "");
                }
            }
            if (client.json()) {
                output.jsonEach(shown);
            }
            return 0;
        }

        /** Who may read it, each line led by {@code prefix} (the id, when there are several). */
        private static void describe(Output output, JsonObject shown, String prefix) {
            output.line(prefix + "Visibility: " + shown.getString("visibility")
                    + switch (shown.getString("visibility")) {
                        case "team" -> " (every signed-in user reads it; its links open it)";
                        case "link" -> " (its links open it)";
                        default -> " (its links open nothing)";
                    });
            if (shown.get("groups") instanceof JsonArray shares) {
                output.line(prefix + groupsLine(shares));
            }
        }

        private JsonObject patch(Api api, JsonObject snippet) {
            var patch = Json.createObjectBuilder();
            String wanted = team ? "team" : privately ? "private" : visibility;
            if (team && privately) {
                throw new Failure(Failure.USAGE, "--team and --private contradict each other.");
            }
            if (wanted != null) {
                if (!List.of("private", "team", "link").contains(wanted)) {
                    throw new Failure(Failure.USAGE, "--visibility is private, team or link.");
                }
                patch.add("visibility", wanted);
            }
            if (groupChanges.any()) {
                if (!(snippet.get("groups") instanceof JsonArray current)) {
                    throw new Failure(Failure.FORBIDDEN, "Only the snippet's owner shares it.");
                }
                patch.add("groups", groupChanges.applyTo(api, current));
            }
            return patch.build();
        }
    }

    /**
     * {@code --group} and {@code --no-group}: how the groups a snippet or a collection is shared
     * with change, named by name (ignoring case) or id.
     */
    static final class GroupChanges {

        @Option(
                names = "--group",
                completionCandidates = CompletedValues.Groups.class,
                paramLabel = "NAME[:read|write]",
                description = "Share with this group (by name or id), read by default.")
        List<String> groups = new ArrayList<>();

        @Option(
                names = "--no-group",
                completionCandidates = CompletedValues.Groups.class,
                paramLabel = "NAME",
                description = "Stop sharing with this group (by name or id).")
        List<String> removed = new ArrayList<>();

        /** The groups there are, read once for all the things shared, when a group is named. */
        private List<JsonObject> knownGroups;

        boolean any() {
            return !groups.isEmpty() || !removed.isEmpty();
        }

        /** The shares {@code [{"id", "access"}]} that follow from the current ones and these changes. */
        JsonArray applyTo(Api api, JsonArray current) {
            if (knownGroups == null) {
                knownGroups = api.list("/api/v1/groups", true);
            }
            Map<String, String> shares = new LinkedHashMap<>();
            current.getValuesAs(JsonObject.class)
                    .forEach(share -> shares.put(share.getString("id"), share.getString("access")));
            for (String name : removed) {
                shares.remove(groupId(name));
            }
            for (String spec : groups) {
                int colon = spec.lastIndexOf(':');
                String access = colon > 0 ? spec.substring(colon + 1).toLowerCase(Locale.ROOT) : "read";
                if (!access.equals("read") && !access.equals("write")) {
                    throw new Failure(Failure.USAGE, "A group's access is read or write: " + spec);
                }
                shares.put(groupId(colon > 0 ? spec.substring(0, colon) : spec), access);
            }
            JsonArrayBuilder array = Json.createArrayBuilder();
            shares.forEach((groupId, access) ->
                    array.add(Json.createObjectBuilder().add("id", groupId).add("access", access)));
            return array.build();
        }

        private String groupId(String nameOrId) {
            return knownGroups.stream()
                    .filter(group -> group.getString("id").equals(nameOrId)
                            || group.getString("name").equalsIgnoreCase(nameOrId))
                    .map(group -> group.getString("id"))
                    .findFirst()
                    .orElseThrow(() -> new Failure(
                            Failure.NOT_FOUND, "No group named " + nameOrId + " (snippets groups lists them)."));
        }
    }

    /** "Groups: ops (write), dev (read)", or "Groups: none". */
    static String groupsLine(JsonArray shares) {
        return shares.isEmpty()
                ? "Groups: none"
                : "Groups: "
                        + String.join(
                                ", ",
                                shares.getValuesAs(JsonObject.class).stream()
                                        .map(share -> share.getString("name") + " (" + share.getString("access") + ")")
                                        .toList());
    }
}
