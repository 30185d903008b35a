package io.snippetstore.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code snippets collections}: the caller's collections (or those shared with them), made, filled,
 * emptied and deleted. A collection is named by its id or, for one's own, by its path
 * ({@code infra/kubernetes}, ignoring case), as the web interface's breadcrumbs show it.
 */
@Command(
        name = "collections",
        description = {
            "List your collections (--shared: others' you may read); `collections show` lists one's snippets.",
            "A collection is named by its id or, for one of yours, its path: infra/kubernetes."
        },
        subcommands = {
            CollectionCommands.Tree.class,
            CollectionCommands.Show.class,
            CollectionCommands.Create.class,
            CollectionCommands.Add.class,
            CollectionCommands.Remove.class,
            CollectionCommands.Move.class,
            CollectionCommands.Share.class,
            CollectionCommands.Link.class,
            CollectionCommands.Links.class,
            CollectionCommands.Delete.class
        },
        footer = {
            "",
            "Examples:",
            "  snippets collections",
            "  snippets collections create infra/kubernetes --team",
            "  snippets search --tag k8s --all -q | snippets collections add infra/kubernetes -",
            "  snippets collections show infra/kubernetes",
            "  snippets collections tree",
            "  snippets collections move infra/kubernetes --into platform",
            "  snippets collections share infra --group ops:write",
            "  snippets collections link runbooks --expires-in-days 30",
            "  snippets search drain --collection infra --recursive"
        })
final class CollectionCommands implements Callable<Integer> {

    @Mixin
    ClientOptions client;

    @Option(names = "--shared", description = "Others' collections you may read, instead of yours.")
    boolean shared;

    @Override
    public Integer call() {
        List<JsonObject> collections = listed(client.signedIn(), shared);
        Output output = new Output(client.terminal());
        if (client.json()) {
            output.page(collections);
        } else if (collections.isEmpty()) {
            output.note(
                    shared
                            ? "No collection is shared with you."
                            : "No collections (snippets collections create NAME).");
        } else {
            List<Output.Column> columns = new ArrayList<>(List.of(
                    new Output.Column("ID", 36, collection -> Output.text(collection, "id")),
                    new Output.Column("PATH", 48, CollectionCommands::path),
                    new Output.Column("SNIPPETS", 8, collection -> Output.text(collection, "snippetCount")),
                    new Output.Column("VISIBILITY", 10, collection -> Output.text(collection, "visibility"))));
            if (shared) {
                columns.add(new Output.Column(
                        "OWNER", 24, collection -> Output.text(collection.getJsonObject("owner"), "username")));
                columns.add(new Output.Column("ACCESS", 6, collection -> Output.text(collection, "access")));
            }
            output.table(
                    collections.stream()
                            .sorted(Comparator.comparing(CollectionCommands::path, String.CASE_INSENSITIVE_ORDER))
                            .toList(),
                    columns);
        }
        return 0;
    }

    /** Where a collection is, from the top: "infra/kubernetes". */
    static String path(JsonObject collection) {
        return collection.getJsonArray("path").getValuesAs(JsonObject.class).stream()
                .map(step -> step.getString("name"))
                .collect(Collectors.joining("/"));
    }

    /** Whether an argument has the form of an id (a UUID), rather than of a path. */
    static boolean isId(String argument) {
        return argument.matches("[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}");
    }

    /**
     * The id of the collection an argument names: one of the caller's by its path (ignoring case) or
     * its id, or else an id as given (a collection shared with the caller, which the service checks);
     * anything else is not found.
     */
    static String idOf(Api api, String argument) {
        List<JsonObject> own = api.list("/api/v1/collections?scope=own", false);
        String wanted = argument.strip().replaceAll("\\s*/\\s*", "/").toLowerCase(Locale.ROOT);
        return own.stream()
                .filter(collection -> collection.getString("id").equals(argument.strip())
                        || path(collection).toLowerCase(Locale.ROOT).equals(wanted))
                .map(collection -> collection.getString("id"))
                .findFirst()
                .orElseGet(() -> {
                    if (!isId(argument.strip())) {
                        throw new Failure(
                                Failure.NOT_FOUND, "You have no collection " + argument + " (snippets collections).");
                    }
                    return argument.strip();
                });
    }

    /** Your collections, or with {@code shared} others' you may read. */
    private static List<JsonObject> listed(Api api, boolean shared) {
        return shared
                ? api.list("/api/v1/collections?scope=shared&limit=200", true)
                : api.list("/api/v1/collections?scope=own", false);
    }

    @Command(
            name = "tree",
            description = {
                "Your collections as a tree, each under the one it is in, with its snippet count and who reads it.",
                "--shared: others' you may read (each under its parent when you may read that too)."
            },
            footer = {"", "Examples:", "  snippets collections tree", "  snippets collections tree --shared --json"})
    static final class Tree implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Option(names = "--shared", description = "Others' collections you may read, instead of yours.")
        boolean shared;

        @Override
        public Integer call() {
            List<JsonObject> collections = listed(client.signedIn(), shared);
            Set<String> present = collections.stream()
                    .map(collection -> collection.getString("id"))
                    .collect(Collectors.toSet());
            Map<String, List<JsonObject>> children = collections.stream()
                    .sorted(Comparator.comparing(
                            (JsonObject collection) -> collection.getString("name"), String.CASE_INSENSITIVE_ORDER))
                    .collect(Collectors.groupingBy(
                            collection -> collection.get("parentId") instanceof JsonString parent
                                            && present.contains(parent.getString())
                                    ? parent.getString()
                                    : "",
                            LinkedHashMap::new,
                            Collectors.toList()));
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(branches(children, ""));
            } else if (collections.isEmpty()) {
                output.note(
                        shared
                                ? "No collection is shared with you."
                                : "No collections (snippets collections create NAME).");
            } else {
                print(output, children, "", "");
            }
            return 0;
        }

        /** The collections inside {@code parentId} ("" for the top), each with its {@code children}. */
        private static JsonArray branches(Map<String, List<JsonObject>> children, String parentId) {
            JsonArrayBuilder array = Json.createArrayBuilder();
            for (JsonObject collection : children.getOrDefault(parentId, List.of())) {
                array.add(Json.createObjectBuilder(collection)
                        .add("children", branches(children, collection.getString("id"))));
            }
            return array.build();
        }

        private void print(Output output, Map<String, List<JsonObject>> children, String parentId, String indent) {
            for (JsonObject collection : children.getOrDefault(parentId, List.of())) {
                StringBuilder line = new StringBuilder(indent)
                        .append(collection.getString("name"))
                        .append("  (")
                        .append(collection.getJsonNumber("snippetCount").longValue())
                        .append(", ")
                        .append(collection.getString("visibility"));
                if (collection.get("groups") instanceof JsonArray groups && !groups.isEmpty()) {
                    line.append(", ").append(groups.size()).append(groups.size() == 1 ? " group" : " groups");
                }
                if (shared) {
                    line.append(", ")
                            .append(collection.getJsonObject("owner").getString("username"))
                            .append("'s, ")
                            .append(collection.getString("access"));
                }
                output.line(
                        line.append(")  ").append(collection.getString("id")).toString());
                print(output, children, collection.getString("id"), indent + "  ");
            }
        }
    }

    @Command(
            name = "share",
            description = {
                "Show or change who may read a collection of yours: the team, groups (read, or write: they add and"
                        + " remove snippets of their own).",
                "Without options, shows it. Its snippets' own sharing does not change."
            },
            footer = {
                "",
                "Examples:",
                "  snippets collections share runbooks",
                "  snippets collections share runbooks --team",
                "  snippets collections share runbooks --group ops:write --group dev",
                "  snippets collections share runbooks --private --no-group dev"
            })
    static final class Share implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(paramLabel = "COLLECTION", description = "Its id, or its path.")
        String collection;

        @Option(names = "--team", description = "Every signed-in user may read it.")
        boolean team;

        @Option(names = "--private", description = "Only you and its groups.")
        boolean privately;

        @Mixin
        SharingCommands.GroupChanges groupChanges;

        @Override
        public Integer call() {
            if (team && privately) {
                throw new Failure(Failure.USAGE, "--team and --private contradict each other.");
            }
            Api api = client.signedIn();
            String path = "/api/v1/collections/" + Api.encode(idOf(api, collection));
            JsonObject shown = api.get(path).asJsonObject();
            var patch = Json.createObjectBuilder();
            if (team || privately) {
                patch.add("visibility", team ? "team" : "private");
            }
            if (groupChanges.any()) {
                if (!(shown.get("groups") instanceof JsonArray current)) {
                    throw new Failure(Failure.FORBIDDEN, "Only the collection's owner shares it.");
                }
                patch.add("groups", groupChanges.applyTo(api, current));
            }
            JsonObject changes = patch.build();
            if (!changes.isEmpty()) {
                shown = api.call("PATCH", path, changes, Map.of()).asJsonObject();
            }
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(shown);
                return 0;
            }
            output.line("Visibility: " + shown.getString("visibility")
                    + (shown.getString("visibility").equals("team")
                            ? " (every signed-in user reads it)"
                            : " (only you and its groups)"));
            if (shown.get("groups") instanceof JsonArray shares) {
                output.line(SharingCommands.groupsLine(shares));
            }
            return 0;
        }
    }

    @Command(
            name = "show",
            description = "List a collection's snippets in its order (those you may read).",
            footer = {
                "",
                "Examples:",
                "  snippets collections show infra/kubernetes",
                "  snippets collections show 01a9... -q"
            })
    static final class Show implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(paramLabel = "COLLECTION", description = "Its id, or the path of one of yours.")
        String collection;

        @Option(
                names = {"-q", "--quiet"},
                description = "Only the snippets' ids, one per line.")
        boolean quiet;

        @Override
        public Integer call() {
            Api api = client.signedIn();
            String id = idOf(api, collection);
            List<JsonObject> snippets = api.list("/api/v1/collections/" + Api.encode(id) + "/snippets?limit=200", true);
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.page(snippets);
            } else if (quiet) {
                snippets.forEach(snippet -> output.line(snippet.getString("id")));
            } else if (snippets.isEmpty()) {
                output.note("No snippets in it (snippets collections add " + collection + " ID...).");
            } else {
                output.table(snippets, SnippetCommands.snippetColumns());
            }
            return 0;
        }
    }

    @Command(
            name = "create",
            description = {
                "Make a collection; a path makes it inside the collection of yours that the path names (which must exist).",
            },
            footer = {
                "",
                "Examples:",
                "  snippets collections create runbooks --description 'What the on-call reads first'",
                "  snippets collections create runbooks/kubernetes --team"
            })
    static final class Create implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(paramLabel = "PATH", description = "Its name, or parent/name.")
        String path;

        @Option(names = "--description", paramLabel = "MARKDOWN", description = "What it is for.")
        String description;

        @Option(names = "--team", description = "Readable by everyone signed in (default: only you).")
        boolean team;

        @Override
        public Integer call() {
            Api api = client.signedIn();
            int slash = path.lastIndexOf('/');
            String name = path.substring(slash + 1).strip();
            if (name.isEmpty()) {
                throw new Failure(Failure.USAGE, "A collection needs a name: snippets collections create NAME");
            }
            var body = Json.createObjectBuilder().add("name", name).add("visibility", team ? "team" : "private");
            if (slash > 0) {
                body.add("parentId", idOf(api, path.substring(0, slash)));
            }
            if (description != null) {
                body.add("description", description);
            }
            JsonObject created = api.call("POST", "/api/v1/collections", body.build(), Map.of())
                    .asJsonObject();
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(created);
            } else {
                output.line(created.getString("id"));
                output.note("Made " + path(created) + ".");
            }
            return 0;
        }
    }

    @Command(
            name = "add",
            description =
                    "Put snippets into a collection (at its end), 100 at a time; a snippet already in it stays where it is.",
            footer = {
                "",
                "Examples:",
                "  snippets collections add runbooks 01a2... 01a3...",
                "  snippets search --tag oncall --all -q | snippets collections add runbooks -"
            })
    static final class Add implements Callable<Integer> {

        /** The most snippets the service takes in one request. */
        static final int PER_REQUEST = 100;

        @Mixin
        ClientOptions client;

        @Parameters(index = "0", paramLabel = "COLLECTION", description = "Its id, or the path of one of yours.")
        String collection;

        @Parameters(
                index = "1..*",
                arity = "1..*",
                paramLabel = "ID",
                completionCandidates = CompletedValues.SnippetIds.class,
                description = "The snippets' ids, or - to read them from standard input (one per line).")
        List<String> snippets = new ArrayList<>();

        @Override
        public Integer call() throws IOException {
            Api api = client.signedIn();
            String id = idOf(api, collection);
            List<String> ids = Ids.of(snippets, client.terminal());
            JsonValue answer = JsonValue.NULL;
            for (int from = 0; from < ids.size(); from += PER_REQUEST) {
                answer = api.call(
                        "POST",
                        "/api/v1/collections/" + Api.encode(id) + "/snippets",
                        Json.createObjectBuilder()
                                .add(
                                        "snippetIds",
                                        Json.createArrayBuilder(
                                                ids.subList(from, Math.min(ids.size(), from + PER_REQUEST))))
                                .build(),
                        Map.of());
            }
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(answer);
            } else {
                output.line(
                        "Added " + ids.size() + " snippet" + (ids.size() == 1 ? "" : "s") + " to " + collection + ".");
            }
            return 0;
        }
    }

    @Command(
            name = "remove",
            description = "Take snippets out of a collection; they stay, and stay in any other collection.",
            footer = {"", "Example:", "  snippets collections remove runbooks 01a2..."})
    static final class Remove implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(index = "0", paramLabel = "COLLECTION", description = "Its id, or the path of one of yours.")
        String collection;

        @Parameters(
                index = "1..*",
                arity = "1..*",
                paramLabel = "ID",
                completionCandidates = CompletedValues.SnippetIds.class,
                description = "The snippets' ids, or - to read them from standard input (one per line).")
        List<String> snippets = new ArrayList<>();

        @Override
        public Integer call() throws IOException {
            Api api = client.signedIn();
            String id = idOf(api, collection);
            Output output = new Output(client.terminal());
            List<String> ids = Ids.of(snippets, client.terminal());
            for (String snippet : ids) {
                api.call(
                        "DELETE",
                        "/api/v1/collections/" + Api.encode(id) + "/snippets/" + Api.encode(snippet),
                        null,
                        Map.of());
                if (!client.json()) {
                    output.line("Took " + snippet + " out of " + collection + ".");
                }
            }
            if (client.json()) {
                output.json(Json.createArrayBuilder(ids).build());
            }
            return 0;
        }
    }

    @Command(
            name = "delete",
            description = {
                "Delete a collection of yours; its snippets stay.",
                "The collections inside it move up a level, or go with it (--with-inside)."
            },
            footer = {"", "Example:", "  snippets collections delete runbooks/old"})
    static final class Delete implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(paramLabel = "COLLECTION", description = "Its id, or its path.")
        String collection;

        @Option(names = "--with-inside", description = "Delete the collections inside it too (never their snippets).")
        boolean withInside;

        @Override
        public Integer call() {
            Api api = client.signedIn();
            String id = idOf(api, collection);
            api.call(
                    "DELETE",
                    "/api/v1/collections/" + Api.encode(id) + "?inside=" + (withInside ? "delete" : "move_up"),
                    null,
                    Map.of());
            if (!client.json()) {
                new Output(client.terminal()).line("Deleted " + collection + ".");
            }
            return 0;
        }
    }

    @Command(
            name = "move",
            description = "Move a collection of yours into another of yours (--into), or to the top (--top).",
            footer = {
                "",
                "Examples:",
                "  snippets collections move kubernetes --into infra",
                "  snippets collections move infra/kubernetes --top"
            })
    static final class Move implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(paramLabel = "COLLECTION", description = "Its id, or its path.")
        String collection;

        @Option(names = "--into", paramLabel = "PARENT", description = "The collection it goes into: its id or path.")
        String into;

        @Option(names = "--top", description = "To the top, inside no other.")
        boolean top;

        @Override
        public Integer call() {
            if (top == (into != null)) {
                throw new Failure(Failure.USAGE, "Where to? --into PARENT, or --top.");
            }
            Api api = client.signedIn();
            var body = Json.createObjectBuilder();
            if (top) {
                body.addNull("parentId");
            } else {
                body.add("parentId", idOf(api, into));
            }
            JsonObject moved = api.call(
                            "PATCH", "/api/v1/collections/" + Api.encode(idOf(api, collection)), body.build(), Map.of())
                    .asJsonObject();
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(moved);
            } else {
                output.line("Moved to " + path(moved) + ".");
            }
            return 0;
        }
    }

    @Command(
            name = "link",
            description = {
                "Make a share link of a collection of yours and print its address (shown only now).",
                "Anyone with it reads the snippets you put there, read-only, signed in or not."
            },
            footer = {"", "Example:", "  snippets collections link runbooks --expires-in-days 30"})
    static final class Link implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(paramLabel = "COLLECTION", description = "Its id, or its path.")
        String collection;

        @Option(
                names = "--expires-in-days",
                paramLabel = "DAYS",
                description = "How long it opens (default: until revoked).")
        Integer expiresInDays;

        @Override
        public Integer call() {
            Api api = client.signedIn();
            var body = Json.createObjectBuilder();
            if (expiresInDays != null) {
                body.add("expiresInDays", expiresInDays);
            }
            JsonObject made = api.call(
                            "POST",
                            "/api/v1/collections/" + Api.encode(idOf(api, collection)) + "/links",
                            body.build(),
                            Map.of())
                    .asJsonObject();
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(made);
            } else {
                output.line(made.getString("url"));
            }
            return 0;
        }
    }

    @Command(
            name = "links",
            description = "List a collection's share links (never their addresses), or revoke one (--revoke ID).",
            footer = {
                "",
                "Examples:",
                "  snippets collections links runbooks",
                "  snippets collections links runbooks --revoke 01a2..."
            })
    static final class Links implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(paramLabel = "COLLECTION", description = "Its id, or its path.")
        String collection;

        @Option(names = "--revoke", paramLabel = "LINK_ID", description = "Revoke this link at once.")
        String revoke;

        @Override
        public Integer call() {
            Api api = client.signedIn();
            String links = "/api/v1/collections/" + Api.encode(idOf(api, collection)) + "/links";
            Output output = new Output(client.terminal());
            if (revoke != null) {
                api.call("DELETE", links + "/" + Api.encode(revoke), null, Map.of());
                if (!client.json()) {
                    output.line("Revoked " + revoke + ".");
                }
                return 0;
            }
            List<JsonObject> listed = api.list(links, true);
            if (client.json()) {
                output.page(listed);
            } else {
                output.table(
                        listed,
                        List.of(
                                new Output.Column("ID", 36, link -> Output.text(link, "id")),
                                new Output.Column("CREATED", 24, link -> Output.text(link, "createdAt")),
                                new Output.Column("EXPIRES", 24, link -> Output.text(link, "expiresAt"))));
            }
            return 0;
        }
    }
}
