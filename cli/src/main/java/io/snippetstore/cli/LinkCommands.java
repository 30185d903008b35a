package io.snippetstore.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code snippets links}: a snippet's share links, listed, made and revoked. */
@Command(
        name = "links",
        description = {
            "List a snippet's share links; `links create` makes one, `links revoke` ends some.",
            "Never their addresses: those are shown once, when made."
        },
        subcommands = {LinkCommands.Create.class, LinkCommands.Revoke.class},
        footer = {
            "",
            "Examples:",
            "  snippets links 01a2...",
            "  snippets links create 01a2... --expires-in-days 7",
            "  snippets links revoke 01a5..."
        })
final class LinkCommands implements Callable<Integer> {

    @Mixin
    ClientOptions client;

    @Parameters(
            converter = Ids.SnippetId.class,
            completionCandidates = CompletedValues.SnippetIds.class,
            arity = "0..1",
            paramLabel = "ID",
            description = "The snippet's id, or its address.")
    String id;

    @Override
    public Integer call() {
        if (id == null) {
            throw new Failure(Failure.USAGE, "Which snippet's links? snippets links ID");
        }
        List<JsonObject> links = client.signedIn().list("/api/v1/snippets/" + Api.encode(id) + "/links", true);
        Output output = new Output(client.terminal());
        if (client.json()) {
            output.page(links);
        } else if (links.isEmpty()) {
            output.note("No links.");
        } else {
            output.table(
                    links,
                    List.of(
                            new Output.Column("ID", 36, link -> Output.text(link, "id")),
                            new Output.Column("CREATED", 24, link -> Output.text(link, "createdAt")),
                            new Output.Column(
                                    "EXPIRES",
                                    24,
                                    link -> link.isNull("expiresAt") ? "never" : Output.text(link, "expiresAt"))));
        }
        return 0;
    }

    @Command(
            name = "create",
            description = {
                "Make a share link and print its address (shown this once).",
                "A private snippet is made readable by link first (--visibility link), as the web interface does; it says so."
            },
            footer = {
                "",
                "Examples:",
                "  snippets links create 01a2...",
                "  snippets links create 01a2... --expires-in-days 7 --json"
            })
    static final class Create implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                converter = Ids.SnippetId.class,
                completionCandidates = CompletedValues.SnippetIds.class,
                paramLabel = "ID",
                description = "The snippet's id, or its address.")
        String id;

        @Option(names = "--expires-in-days", paramLabel = "DAYS", description = "1..3650 (default: until revoked).")
        Integer expiresInDays;

        @Override
        public Integer call() {
            Api api = client.signedIn();
            Output output = new Output(client.terminal());
            String path = "/api/v1/snippets/" + Api.encode(id);
            if ("private".equals(api.get(path).asJsonObject().getString("visibility", ""))) {
                api.call(
                        "PATCH",
                        path,
                        Json.createObjectBuilder().add("visibility", "link").build(),
                        Map.of());
                output.note("The snippet was private: it is readable by link now (snippets share " + id
                        + " --private undoes it).");
            }
            var body = Json.createObjectBuilder();
            if (expiresInDays != null) {
                body.add("expiresInDays", expiresInDays);
            }
            JsonObject link =
                    api.call("POST", path + "/links", body.build(), Map.of()).asJsonObject();
            if (client.json()) {
                output.json(link);
            } else {
                output.line(link.getString("url"));
                output.note("Link " + link.getString("id")
                        + (link.get("expiresAt") instanceof jakarta.json.JsonString expires
                                ? ", until " + expires.getString()
                                : ", until revoked")
                        + ". The address is shown only now.");
            }
            return 0;
        }
    }

    @Command(
            name = "revoke",
            description = "End share links: they open nothing from now on.",
            footer = {"", "Example:", "  snippets links revoke 01a5... 01a6..."})
    static final class Revoke implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(arity = "1..*", paramLabel = "LINK_ID", description = "The links' ids (see `snippets links ID`).")
        List<String> ids = new ArrayList<>();

        @Override
        public Integer call() {
            Api api = client.signedIn();
            Output output = new Output(client.terminal());
            List<JsonValue> revoked = new ArrayList<>();
            for (String linkId : ids) {
                revoked.add(api.call("DELETE", "/api/v1/links/" + Api.encode(linkId), null, Map.of()));
                if (!client.json()) {
                    output.line("Revoked " + linkId + ".");
                }
            }
            if (client.json()) {
                output.json(Json.createArrayBuilder(revoked).build());
            }
            return 0;
        }
    }
}
