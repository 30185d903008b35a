package io.snippetstore.cli;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Finding, reading, writing and deleting snippets. */
final class SnippetCommands {

    private SnippetCommands() {}

    /** The values of --sort, --scope and --visibility, for shell completion. */
    static final class SortOrders extends ArrayList<String> {
        SortOrders() {
            super(List.of("updated", "created", "title", "relevance"));
        }
    }

    static final class Scopes extends ArrayList<String> {
        Scopes() {
            super(List.of("own", "team", "groups", "all"));
        }
    }

    static final class Visibilities extends ArrayList<String> {
        Visibilities() {
            super(List.of("private", "team", "link"));
        }
    }

    static List<Output.Column> snippetColumns() {
        return List.of(
                new Output.Column("ID", 36, s -> Output.text(s, "id")),
                new Output.Column("TITLE", 40, s -> Output.text(s, "title")),
                new Output.Column("LANGUAGE", 12, s -> Output.text(s, "language")),
                new Output.Column("TAGS", 30, Output::tags),
                new Output.Column("UPDATED", 24, s -> Output.text(s, "updatedAt")));
    }

    @Command(
            name = "search",
            aliases = {"list", "ls"},
            description = {
                "Search snippets (your own unless --scope says otherwise): every term must occur (ignoring case).",
                "--json prints one page as {\"data\": [...], \"nextCursor\": ...} (--cursor continues from it); with --all, one snippet "
                        + "per line (JSON lines) as the pages arrive. --format prints a line per snippet from a template."
            },
            footer = {
                "",
                "Examples:",
                "  snippets search 'read file' --lang go",
                "  snippets search --tag sql --sort title --all --json | jq -r .title",
                "  snippets search deploy --format '{id}\\t{title}\\t{owner.username}'",
                "  snippets search deploy --scope all -q | xargs -n1 snippets show",
                "  snippets search --with-variables --scope all",
                "  snippets search --meaning show how much space each folder takes"
            })
    static final class Search implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(arity = "0..*", paramLabel = "TERMS", description = "Search terms (none: every snippet).")
        List<String> terms = new ArrayList<>();

        @Option(
                names = "--tag",
                completionCandidates = CompletedValues.Tags.class,
                paramLabel = "TAG",
                description = "Only snippets with this tag (repeatable).")
        List<String> tags = new ArrayList<>();

        @Option(
                names = "--lang",
                paramLabel = "LANGUAGE",
                description = "Only snippets in this language, by any of its names (sh finds bash too).")
        String language;

        @Option(
                names = "--sort",
                completionCandidates = SortOrders.class,
                description = "updated, created, title or relevance (default: relevance with terms, else updated).")
        String sort;

        @Option(names = "--limit", description = "Snippets per page, 1..200 (default: 50).")
        Integer limit;

        @Option(names = "--all", description = "Every page, following the cursors.")
        boolean all;

        @Option(
                names = "--scope",
                defaultValue = "own",
                completionCandidates = Scopes.class,
                description =
                        "own, team (shared with the team), groups (others' shared with your groups) or all (default: ${DEFAULT-VALUE}).")
        String scope;

        @Option(
                names = {"-q", "--quiet"},
                description = "Only the ids, one per line.")
        boolean quiet;

        @Option(
                names = "--with-variables",
                description = "Only snippets with variables to fill in (runbooks for `snippets run`).")
        boolean withVariables;

        @Option(names = "--cursor", description = "Start after the page that gave this nextCursor (--json prints it).")
        String cursor;

        @Option(
                names = "--collection",
                paramLabel = "COLLECTION",
                description =
                        "Only the snippets of this collection: its id, or the path of one of yours (infra/kubernetes).")
        String collection;

        @Option(names = "--recursive", description = "With --collection: the collections inside it too.")
        boolean recursive;

        @Option(names = "--starred", description = "Only snippets you starred.")
        boolean starred;

        @Option(
                names = "--meaning",
                description =
                        "Find snippets by what the terms mean, not by their words (\"disk space of each folder\" finds"
                                + " du -sh); with --hybrid, both.")
        boolean meaning;

        @Option(names = "--hybrid", description = "Word matches and matches by meaning, ranked together.")
        boolean hybrid;

        @Option(
                names = "--format",
                paramLabel = "TEMPLATE",
                description =
                        "A line per snippet: {id}, {title}, {language}, {tags}, {updatedAt}, {owner.username}, …; \\t is a tab.")
        String format;

        /** The fields a listed snippet has (a summary, or whole with --json): what --format may name. */
        private static final List<String> FIELDS = List.of(
                "id",
                "title",
                "description",
                "notes",
                "language",
                "code",
                "variables",
                "tags",
                "createdAt",
                "updatedAt",
                "version",
                "attachmentCount",
                "visibility",
                "groups",
                "owner",
                "pinned",
                "starred",
                "match");

        @Override
        public Integer call() {
            Optional<RowFormat> rows = Optional.ofNullable(format).map(RowFormat::parse);
            rows.ifPresent(template -> template.requireKnown(FIELDS));
            if (quiet && (rows.isPresent() || client.json())) {
                throw new Failure(Failure.USAGE, "-q prints ids only: it does not go with --format or --json.");
            }
            if ((meaning || hybrid) && terms.isEmpty()) {
                throw new Failure(Failure.USAGE, "--meaning and --hybrid search by terms: which ones?");
            }
            if (recursive && collection == null) {
                throw new Failure(Failure.USAGE, "--recursive goes with --collection: which collection?");
            }
            Api api = client.signedIn();
            StringBuilder path = new StringBuilder("/api/v1/snippets?scope=").append(Api.encode(scope));
            if (!terms.isEmpty()) {
                path.append("&query=").append(Api.encode(String.join(" ", terms)));
            }
            if (hybrid) {
                path.append("&match=hybrid");
            } else if (meaning) {
                path.append("&match=meaning");
            }
            tags.forEach(tag -> path.append("&tag=").append(Api.encode(tag)));
            if (language != null) {
                Languages.names(language)
                        .forEach(name -> path.append("&language=").append(Api.encode(name)));
            }
            if (sort != null) {
                path.append("&sort=").append(Api.encode(sort));
            }
            if (withVariables) {
                path.append("&variables=true");
            }
            if (collection != null) {
                path.append("&collection=").append(Api.encode(CollectionCommands.idOf(api, collection)));
                if (recursive) {
                    path.append("&recursive=true");
                }
            }
            if (starred) {
                path.append("&starred=true");
            }
            if (limit != null) {
                path.append("&limit=").append(limit);
            }
            boolean wholeSnippets =
                    client.json() || rows.isPresent() && format.matches("(?s).*\\{(code|notes|variables)[}.].*");
            if (!wholeSnippets) {
                path.append("&fields=summary"); // no code shown: the service need not send it
            }
            Output output = new Output(client.terminal());
            if (all && client.json()) {
                // JSON lines as each page arrives: every page need not be held at once
                api.eachPage(
                        path.toString(),
                        Optional.ofNullable(cursor),
                        page -> page.forEach(snippet -> output.jsonLine(snippet)));
                return 0;
            }
            Api.Listed listed = api.listed(path.toString(), Optional.ofNullable(cursor), all);
            List<JsonObject> found = listed.items();
            if (client.json()) {
                output.page(found, listed.nextCursor());
                return 0;
            }
            if (quiet) {
                found.forEach(snippet -> output.line(snippet.getString("id")));
            } else if (rows.isPresent()) {
                found.forEach(snippet -> output.line(rows.get().line(snippet)));
            } else if (found.isEmpty()) {
                output.note("No snippet matches.");
            } else {
                output.table(found, snippetColumns());
            }
            listed.nextCursor()
                    .ifPresent(next -> output.note("More snippets match than these " + found.size()
                            + ": --all follows every page, --cursor " + next + " the next one."));
            return 0;
        }
    }

    @Command(
            name = "show",
            description = {
                "Show a snippet; --raw prints only its code, for pipes.",
                "--set (or --render) prints only its code with its variables filled in: a variable without a value or default is "
                        + "asked for on a terminal."
            },
            footer = {
                "",
                "Examples:",
                "  snippets show 01a2...",
                "  snippets show 01a2... --raw | sh",
                "  snippets show 01a2... --set namespace=prod --set app=web | sh"
            })
    static final class Show implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                paramLabel = "ID",
                completionCandidates = CompletedValues.SnippetIds.class,
                description = "The snippet's id, or its address (a share link's too).")
        String id;

        @Option(names = "--raw", description = "Only the code, exactly as stored.")
        boolean raw;

        @Option(
                names = "--set",
                paramLabel = "NAME=VALUE",
                description = "A variable's value (repeatable): prints the code rendered with it.")
        List<String> sets = new ArrayList<>();

        @Option(
                names = "--render",
                description = "Only the code, its variables filled in (defaults, --set values, or asked for).")
        boolean render;

        @Override
        public Integer call() throws IOException {
            if (raw && (render || !sets.isEmpty())) {
                throw new Failure(
                        Failure.USAGE,
                        "--raw prints the code as stored; --set and --render fill in its variables: choose one.");
            }
            SnippetSource source = SnippetSource.of(client, id);
            Output output = new Output(client.terminal());
            if (render || !sets.isEmpty()) {
                output.raw(Rendering.of(source, sets, client.terminal()));
                return 0;
            }
            if (raw) {
                Api.Answer answer = source.api().send("GET", source.path() + "/raw", null, Api.Body.NONE, Map.of());
                output.raw(source.api().bodyOf(answer));
                return 0;
            }
            JsonObject snippet = source.api().get(source.path()).asJsonObject();
            if (client.json()) {
                output.json(snippet);
                return 0;
            }
            output.line(snippet.getString("title"));
            output.line(snippet.getString("language")
                    + (Output.tags(snippet).isEmpty() ? "" : " · " + Output.tags(snippet)) + " · updated "
                    + snippet.getString("updatedAt") + " · " + snippet.getInt("attachmentCount") + " attachment(s)");
            if (!Output.text(snippet, "description").isEmpty()) {
                output.line(Output.text(snippet, "description"));
            }
            // a service before variables sends none
            var variables = snippet.getOrDefault("variables", JsonValue.EMPTY_JSON_ARRAY)
                    .asJsonArray()
                    .getValuesAs(JsonObject.class);
            if (!variables.isEmpty()) {
                output.line("Variables: "
                        + String.join(
                                ", ",
                                variables.stream()
                                        .map(variable -> variable.getString("name")
                                                + (variable.isNull("default")
                                                        ? ""
                                                        : "=" + variable.getString("default")))
                                        .toList())
                        + " (fill in with --set NAME=VALUE, or run it with `snippets run`)");
            }
            output.line("");
            output.line(snippet.getString("code"));
            return 0;
        }
    }

    @Command(
            name = "open",
            description = "Open a snippet's page in the web interface (the address is printed too).",
            footer = {"", "Examples:", "  snippets open 01a2...", "  snippets open 01a2... --no-browser"})
    static final class Open implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                converter = Ids.SnippetId.class,
                completionCandidates = CompletedValues.SnippetIds.class,
                paramLabel = "ID",
                description = "The snippet's id, or its address.")
        String id;

        @Option(names = "--no-browser", description = "Only print the address.")
        boolean noBrowser;

        @Override
        public Integer call() {
            String address = Config.normalized(client.server(client.config())) + "/#/s/" + Api.encode(id);
            new Output(client.terminal()).line(address);
            if (!noBrowser) {
                Browser.open(address);
            }
            return 0;
        }
    }

    @Command(
            name = "new",
            description = "Create a snippet from a file or standard input; prints its id.",
            footer = {
                "",
                "Examples:",
                "  snippets new --title 'Read a file' --lang go --tag io main.go",
                "  snippets new deploy.sh                    # titled deploy.sh, in bash",
                "  git diff | snippets new -t 'The fix' -l diff -"
            })
    static final class New implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Option(
                names = {"-t", "--title"},
                description = "The title (default: the file's name; required with standard input).")
        String title;

        @Option(
                names = {"-l", "--lang"},
                description = "The language (default: from the file's name, e.g. main.go is go; else text).")
        String language;

        @Option(
                names = "--visibility",
                completionCandidates = Visibilities.class,
                description = "private, team or link (default: private).")
        String visibility;

        @Option(
                names = "--tag",
                completionCandidates = CompletedValues.Tags.class,
                paramLabel = "TAG",
                description = "A tag (repeatable).")
        List<String> tags = new ArrayList<>();

        @Option(
                names = {"-d", "--description"},
                description = "A description.")
        String description;

        @Option(
                names = "--collection",
                paramLabel = "COLLECTION",
                description =
                        "Put it in this collection at once: its id, or the path of one of yours (infra/kubernetes)."
                                + " A token limited to collections creates only so.")
        String collection;

        @Parameters(
                arity = "0..1",
                paramLabel = "FILE",
                description = "The code: a file, or - (the default) for standard input.")
        String file;

        @Override
        public Integer call() throws IOException {
            boolean fromInput = file == null || file.equals("-");
            if (title == null && fromInput) {
                throw new Failure(Failure.USAGE, "Which title? --title TITLE, or a FILE whose name becomes the title.");
            }
            String chosenTitle =
                    title != null ? title : Path.of(file).getFileName().toString();
            String code = file == null || file.equals("-")
                    ? new String(client.terminal().in().readAllBytes(), StandardCharsets.UTF_8)
                    : readFile(Path.of(file));
            JsonArrayBuilder tagList = Json.createArrayBuilder();
            tags.forEach(tagList::add);
            String chosenLanguage = language != null
                    ? language
                    : file == null || file.equals("-")
                            ? "text"
                            : Languages.ofFilename(Path.of(file).getFileName().toString())
                                    .orElse("text");
            JsonObjectBuilder body = Json.createObjectBuilder()
                    .add("title", chosenTitle)
                    .add("language", chosenLanguage)
                    .add("code", code)
                    .add("tags", tagList);
            if (description != null) {
                body.add("description", description);
            }
            if (visibility != null) {
                body.add("visibility", visibility);
            }
            Api api = client.signedIn();
            String path = collection == null
                    ? "/api/v1/snippets"
                    : "/api/v1/snippets?collection=" + Api.encode(CollectionCommands.idOf(api, collection));
            JsonObject created = api.call("POST", path, body.build(), Map.of()).asJsonObject();
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(created);
            } else {
                output.line(created.getString("id"));
            }
            return 0;
        }
    }

    static String readFile(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (MalformedInputException e) {
            throw new Failure(
                    Failure.USAGE,
                    file + " is not UTF-8 text; a snippet's code is text (attach other files with `snippets attach`).");
        } catch (IOException e) {
            throw Failure.of(e);
        }
    }

    @Command(
            name = "edit",
            description = {
                "Edit a snippet's code in $VISUAL or $EDITOR; refused when someone changed it meanwhile.",
                "With --title, --tag, --lang, --description, --visibility, --code or --notes, changes those instead, without an editor."
            },
            footer = {
                "",
                "Examples:",
                "  EDITOR=nano snippets edit 01a2...",
                "  snippets edit 01a2... --title 'Read a file' --tag io --tag go",
                "  snippets edit 01a2... --code main.go --if-version 3",
                "  ./render-notes | snippets edit 01a2... --notes -"
            })
    static final class Edit implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                converter = Ids.SnippetId.class,
                completionCandidates = CompletedValues.SnippetIds.class,
                paramLabel = "ID",
                description = "The snippet's id, or its address.")
        String id;

        @Option(
                names = {"-t", "--title"},
                description = "A new title.")
        String title;

        @Option(
                names = "--code",
                paramLabel = "FILE",
                description = "New code from a file, or - for standard input (no editor).")
        String codeFile;

        @Option(
                names = "--notes",
                paramLabel = "FILE",
                description = "New notes (Markdown) from a file, or - for standard input (no editor).")
        String notesFile;

        @Option(
                names = "--if-version",
                paramLabel = "N",
                description = "Change it only if it is still at version N (else exit 4, nothing changed).")
        Long ifVersion;

        @Option(
                names = "--tag",
                completionCandidates = CompletedValues.Tags.class,
                paramLabel = "TAG",
                description = "The tags (repeatable; they replace the snippet's tags).")
        List<String> tags;

        @Option(
                names = {"-l", "--lang"},
                description = "A new language.")
        String language;

        @Option(
                names = {"-d", "--description"},
                description = "A new description (\"\" removes it).")
        String description;

        @Option(
                names = "--visibility",
                completionCandidates = Visibilities.class,
                description = "private, team or link.")
        String visibility;

        @Override
        public Integer call() throws IOException, InterruptedException {
            if ("-".equals(codeFile) && "-".equals(notesFile)) {
                throw new Failure(Failure.USAGE, "Standard input is read once: give --code or --notes a file.");
            }
            Optional<JsonObject> metadata = metadataPatch();
            String editor = metadata.isPresent() ? null : editor();
            Api api = client.signedIn();
            String path = "/api/v1/snippets/" + Api.encode(id);
            if (metadata.isPresent() && ifVersion != null) {
                // the version asked for is the check: nothing needs reading first
                return save(api, path, metadata.get(), "\"" + ifVersion + "\"", Optional.empty());
            }
            Api.Answer answer = api.send("GET", path, null, Api.Body.NONE, Map.of());
            String etag = ifVersion != null
                    ? "\"" + ifVersion + "\""
                    : answer.header("ETag").orElse(null);
            JsonObject snippet = api.data(answer).asJsonObject();
            if (metadata.isPresent()) {
                return save(api, path, metadata.get(), etag, Optional.empty());
            }
            Path draft = Files.createTempFile("snippet-" + id.replaceAll("[^A-Za-z0-9-]", "") + "-", ".txt");
            Files.writeString(draft, snippet.getString("code"), StandardCharsets.UTF_8);
            Process editing = new ProcessBuilder("sh", "-c", editor + " \"$1\"", "sh", draft.toString())
                    .inheritIO()
                    .start();
            if (editing.waitFor() != 0) {
                throw new Failure(
                        Failure.USAGE, "The editor (" + editor + ") failed; nothing was changed. Your draft: " + draft);
            }
            String edited = Files.readString(draft, StandardCharsets.UTF_8);
            Output output = new Output(client.terminal());
            if (edited.equals(snippet.getString("code"))) {
                Files.deleteIfExists(draft);
                output.note("No change.");
                return 0;
            }
            return save(
                    api, path, Json.createObjectBuilder().add("code", edited).build(), etag, Optional.of(draft));
        }

        /** $VISUAL, else $EDITOR, else vi on a terminal; without one, a usage error before anything is asked of the service. */
        private String editor() {
            String editor = client.environment()
                    .getOrDefault("VISUAL", client.environment().get("EDITOR"));
            if (editor != null && !editor.isBlank()) {
                return editor;
            }
            if (!client.terminal().interactive()) {
                // vi into a pipe waits for keys nobody types
                throw new Failure(
                        Failure.USAGE,
                        "No terminal to edit in, and no $EDITOR: set EDITOR (or VISUAL), or change the title,"
                                + " tags, language or description with their options.");
            }
            return "vi";
        }

        /** The merge patch of the metadata options given, if any was. */
        private Optional<JsonObject> metadataPatch() throws IOException {
            JsonObjectBuilder patch = Json.createObjectBuilder();
            if (title != null) {
                patch.add("title", title);
            }
            if (codeFile != null) {
                patch.add("code", textOf(codeFile));
            }
            if (notesFile != null) {
                patch.add("notes", textOf(notesFile));
            }
            if (tags != null) {
                patch.add("tags", Json.createArrayBuilder(tags));
            }
            if (language != null) {
                patch.add("language", language);
            }
            if (description != null) {
                patch.add("description", description.isEmpty() ? JsonValue.NULL : Json.createValue(description));
            }
            if (visibility != null) {
                patch.add("visibility", visibility);
            }
            JsonObject built = patch.build();
            return built.isEmpty() ? Optional.empty() : Optional.of(built);
        }

        /** A file's text, or standard input's for {@code -}. */
        private String textOf(String file) throws IOException {
            return file.equals("-")
                    ? new String(client.terminal().in().readAllBytes(), StandardCharsets.UTF_8)
                    : readFile(Path.of(file));
        }

        /** Sends the patch under the version read ({@code If-Match}); a 412 keeps the draft, if there is one, and says so. */
        private int save(Api api, String path, JsonObject patch, String etag, Optional<Path> draft) throws IOException {
            Api.Answer changed = api.send(
                    "PATCH",
                    path,
                    "application/merge-patch+json",
                    Api.Body.of(patch.toString()),
                    etag == null ? Map.of() : Map.of("If-Match", etag));
            if (changed.status() == 412) {
                throw new Failure(
                        Failure.CONFLICT,
                        (ifVersion != null
                                        ? "The snippet is no longer at version " + ifVersion + "; nothing was saved. "
                                        : "Someone else changed the snippet since you opened it; nothing was saved. ")
                                + draft.map(kept -> "Your version is kept in " + kept + ": ")
                                        .orElse("") + "run `snippets edit " + id
                                + "` again to start from theirs.");
            }
            JsonObject saved = api.data(changed).asJsonObject();
            if (draft.isPresent()) {
                Files.deleteIfExists(draft.get());
            }
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(saved);
            } else {
                output.line("Saved " + id + " (version " + saved.getJsonNumber("version") + ").");
            }
            return 0;
        }
    }

    @Command(
            name = "rm",
            description = {
                "Delete snippets with their attachments (to the trash: `snippets trash` restores them).",
                "Deleting more than one asks first on a terminal; elsewhere it needs --yes."
            },
            footer = {
                "",
                "Examples:",
                "  snippets rm 01a2...",
                "  snippets search --tag old --all -q | snippets rm --yes -"
            })
    static final class Remove implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Mixin
        Ids.OfSnippets snippets;

        @Option(
                names = {"-y", "--yes"},
                description = "Delete several without asking.")
        boolean yes;

        private List<String> ids;

        @Override
        public Integer call() throws IOException {
            ids = snippets.read(client.terminal());
            if (ids.size() > 1 && !yes && !confirmed()) {
                return Failure.USAGE;
            }
            Api api = client.signedIn();
            Output output = new Output(client.terminal());
            List<JsonValue> deleted = new ArrayList<>();
            for (String id : ids) {
                deleted.add(api.call("DELETE", "/api/v1/snippets/" + Api.encode(id), null, Map.of()));
                if (!client.json()) {
                    output.line("Deleted " + id + ".");
                }
            }
            if (client.json()) {
                output.jsonEach(deleted);
            }
            return 0;
        }

        /** Asks on a terminal; elsewhere refuses (a script says --yes), so that a stray argument list never deletes unasked. */
        private boolean confirmed() throws IOException {
            if (!client.terminal().interactive()) {
                throw new Failure(
                        Failure.USAGE,
                        "Deleting " + ids.size()
                                + " snippets needs --yes when no terminal can ask; nothing was deleted.");
            }
            boolean yes = client.terminal().confirmed("Delete " + ids.size() + " snippets and their attachments?");
            if (!yes) {
                client.terminal().err().println("Nothing was deleted.");
            }
            return yes;
        }
    }
}
