package io.snippetstore.cli;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.IntConsumer;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code snippets import}: a team's snippets brought in from GitHub Gist, Opengist, ByteStash or
 * VS Code's snippet files in one command (docs/CLI.md, "Moving in"). The client reads the source
 * and sends the service its own archive, so the service makes no outbound call.
 */
@Command(
        name = "import",
        description = "Bring snippets in from GitHub Gist, Opengist, ByteStash or VS Code snippet files.",
        subcommands = {
            ImportCommands.Gist.class,
            ImportCommands.Opengist.class,
            ImportCommands.ByteStash.class,
            ImportCommands.VsCode.class
        },
        footer = {
            "",
            "Examples:",
            "  GH_TOKEN=ghp_... snippets import gist --dry-run",
            "  snippets import gist --user octocat --public-as team",
            "  OPENGIST_TOKEN=og_... snippets import opengist --url https://gist.example.org",
            "  BYTESTASH_API_KEY=... snippets import bytestash --url https://bytestash.example.org --update",
            "  snippets import vscode ~/.config/Code/User/snippets/*.code-snippets",
            "",
            "A second run creates nothing twice; --update brings changed ones up to date as a new revision.",
            "Exit codes beyond the usual: 7 the source's rate limit, 8 a source or version this client does not read,"
                    + " 9 a file that is not valid JSON or not snippets."
        })
final class ImportCommands implements Callable<Integer> {

    @Mixin
    ClientOptions client;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(client.terminal().out());
        return 0;
    }

    /** What every source takes: what to write, and how the source's visibility maps to this service's. */
    static final class MigrationOptions {

        @Option(names = "--dry-run", description = "Print what would be created and updated; write nothing.")
        boolean dryRun;

        @Option(
                names = "--update",
                description =
                        "Bring snippets that came in before and changed at the source up to date (a new revision each).")
        boolean update;

        @Option(
                names = "--public-as",
                paramLabel = "VISIBILITY",
                defaultValue = "team",
                description = "What a public one becomes: private, link or team (default: ${DEFAULT-VALUE}).")
        String publicAs;

        @Option(
                names = "--unlisted-as",
                paramLabel = "VISIBILITY",
                defaultValue = "private",
                description = "What a secret gist or an unlisted one becomes (default: ${DEFAULT-VALUE}).")
        String unlistedAs;

        @Option(
                names = "--private-as",
                paramLabel = "VISIBILITY",
                defaultValue = "private",
                description = "What a private one becomes (default: ${DEFAULT-VALUE}).")
        String privateAs;

        @Option(
                names = "--tag",
                paramLabel = "TAG",
                description = "A tag for every snippet that comes in (repeatable).")
        List<String> tags = new ArrayList<>();

        @Option(
                names = "--max-wait",
                paramLabel = "SECONDS",
                defaultValue = "900",
                description =
                        "The longest wait for a source's rate limit to reset before giving up (default: ${DEFAULT-VALUE}).")
        long maxWaitSeconds;

        Migration.Options options() {
            Map<SourceSnippet.Exposure, String> visibility = new EnumMap<>(SourceSnippet.Exposure.class);
            visibility.put(SourceSnippet.Exposure.PUBLIC, visibility("--public-as", publicAs));
            visibility.put(SourceSnippet.Exposure.UNLISTED, visibility("--unlisted-as", unlistedAs));
            visibility.put(SourceSnippet.Exposure.PRIVATE, visibility("--private-as", privateAs));
            return new Migration.Options(dryRun, update, new MigrationPlan.Choices(visibility, tags));
        }

        private static String visibility(String option, String given) {
            if (!List.of("private", "link", "team").contains(given)) {
                throw new Failure(Failure.USAGE, option + " takes private, link or team, not \"" + given + "\".");
            }
            return given;
        }

        Duration maxWait() {
            if (maxWaitSeconds < 0) {
                throw new Failure(Failure.USAGE, "--max-wait takes a number of seconds from 0.");
            }
            return Duration.ofSeconds(maxWaitSeconds);
        }
    }

    /** A count redrawn in place on standard error at a terminal: "Reading gists 12/340". */
    private static final class Counter {

        private final ClientOptions client;
        private final String what;
        private int total = -1;

        Counter(ClientOptions client, String what) {
            this.client = client;
            this.what = what;
        }

        IntConsumer total() {
            return count -> total = count;
        }

        IntConsumer progress() {
            return done -> {
                if (client.terminal().interactive() && !client.json()) {
                    client.terminal().err().print("\rReading " + what + " " + done + (total < 0 ? "" : "/" + total));
                    if (done == total) {
                        client.terminal().err().println();
                    }
                    client.terminal().err().flush();
                }
            };
        }
    }

    private static SourceClient source(
            ClientOptions client, MigrationOptions migration, String name, URI base, Map<String, String> headers) {
        return new SourceClient(
                name,
                base,
                headers,
                Duration.ofSeconds(client.timeoutSeconds() == 0 ? 0 : Math.max(client.timeoutSeconds(), 30)),
                new Proxies(client.environment()),
                migration.maxWait(),
                message -> new Output(client.terminal()).note(message));
    }

    private static Optional<String> secret(ClientOptions client, String... names) {
        for (String name : names) {
            String value = client.environment().get(name);
            if (value != null && !value.isBlank()) {
                return Optional.of(value.strip());
            }
        }
        return Optional.empty();
    }

    private static URI address(String option, String given) {
        URI address;
        try {
            address = URI.create(given.strip().replaceAll("/+$", ""));
        } catch (IllegalArgumentException e) {
            throw new Failure(Failure.USAGE, option + " takes an http:// or https:// address, not \"" + given + "\".");
        }
        if (address.getHost() == null
                || !("http".equalsIgnoreCase(address.getScheme()) || "https".equalsIgnoreCase(address.getScheme()))) {
            throw new Failure(Failure.USAGE, option + " takes an http:// or https:// address, not \"" + given + "\".");
        }
        return address;
    }

    @Command(
            name = "gist",
            description = "Your gists from GitHub (or GitHub Enterprise Server): with a token, secret ones too.",
            footer = {
                "",
                "Examples:",
                "  GH_TOKEN=ghp_... snippets import gist",
                "  snippets import gist --user octocat --dry-run",
                "  snippets import gist --api-url https://github.example.org/api/v3 --token-env GHE_TOKEN"
            })
    static final class Gist implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Mixin
        MigrationOptions migration;

        @Option(
                names = "--user",
                paramLabel = "NAME",
                description = "Whose public gists (default: the token's own user, secret gists too).")
        String user;

        @Option(
                names = "--api-url",
                paramLabel = "URL",
                defaultValue = "https://api.github.com",
                description =
                        "GitHub's API (default: ${DEFAULT-VALUE}; GitHub Enterprise Server: https://HOST/api/v3).")
        String apiUrl;

        @Option(
                names = "--token-env",
                paramLabel = "NAME",
                description = "The environment variable holding the token (default: GH_TOKEN, else GITHUB_TOKEN).")
        String tokenEnv;

        @Override
        public Integer call() {
            Migration run = new Migration(client, migration.options());
            Optional<String> token =
                    tokenEnv != null ? secret(client, tokenEnv) : secret(client, "GH_TOKEN", "GITHUB_TOKEN");
            if (tokenEnv != null && token.isEmpty()) {
                throw new Failure(Failure.USAGE, "$" + tokenEnv + " holds no token.");
            }
            if (user == null && token.isEmpty()) {
                throw new Failure(
                        Failure.USAGE,
                        "Give a token in GH_TOKEN (or --token-env NAME) for your own gists, or --user NAME.");
            }
            Map<String, String> headers = new java.util.HashMap<>(Map.of(
                    "Accept", "application/vnd.github+json",
                    "X-GitHub-Api-Version", "2022-11-28",
                    "User-Agent", "snippets-cli"));
            token.ifPresent(value -> headers.put("Authorization", "Bearer " + value));
            SourceClient source = source(client, migration, "GitHub", address("--api-url", apiUrl), headers);
            Counter counter = new Counter(client, "gists");
            List<SourceSnippet> gists =
                    new GistSource(source, false).gists(Optional.ofNullable(user), counter.total(), counter.progress());
            return run.run("GitHub", prefixOf(gists, "https://gist."), gists);
        }
    }

    @Command(
            name = "opengist",
            description =
                    "Gists from an Opengist instance, through its REST API (Opengist 1.12 or later, the API switched on).",
            footer = {
                "",
                "Examples:",
                "  OPENGIST_TOKEN=og_... snippets import opengist --url https://gist.example.org",
                "  snippets import opengist --url https://gist.example.org --user thomas"
            })
    static final class Opengist implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Mixin
        MigrationOptions migration;

        @Option(names = "--url", required = true, paramLabel = "URL", description = "The Opengist instance.")
        String url;

        @Option(
                names = "--user",
                paramLabel = "NAME",
                description = "Whose public gists (default: the token's own user, unlisted and private ones too).")
        String user;

        @Option(
                names = "--token-env",
                paramLabel = "NAME",
                defaultValue = "OPENGIST_TOKEN",
                description =
                        "The environment variable holding an access token with gist:read (default: ${DEFAULT-VALUE}).")
        String tokenEnv;

        @Override
        public Integer call() {
            Migration run = new Migration(client, migration.options());
            URI instance = address("--url", url);
            Optional<String> token = secret(client, tokenEnv);
            if (user == null && token.isEmpty()) {
                throw new Failure(
                        Failure.USAGE, "Give a token in $" + tokenEnv + " for your own gists, or --user NAME.");
            }
            Map<String, String> headers = new java.util.HashMap<>();
            token.ifPresent(value -> headers.put("Authorization", "Bearer " + value));
            SourceClient source = source(client, migration, "Opengist", URI.create(instance + "/api/v1"), headers);
            Counter counter = new Counter(client, "gists");
            List<SourceSnippet> gists =
                    new GistSource(source, true).gists(Optional.ofNullable(user), counter.total(), counter.progress());
            return run.run("Opengist", prefixOf(gists, instance + "/"), gists);
        }
    }

    @Command(
            name = "bytestash",
            description = "Snippets from a ByteStash instance (1.5 or later) with an API key.",
            footer = {
                "",
                "Examples:",
                "  BYTESTASH_API_KEY=... snippets import bytestash --url https://bytestash.example.org",
                "  snippets import bytestash --url https://bytestash.example.org --api-key-env KEY --dry-run"
            })
    static final class ByteStash implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Mixin
        MigrationOptions migration;

        @Option(names = "--url", required = true, paramLabel = "URL", description = "The ByteStash instance.")
        String url;

        @Option(
                names = "--api-key-env",
                paramLabel = "NAME",
                defaultValue = "BYTESTASH_API_KEY",
                description = "The environment variable holding the API key (default: ${DEFAULT-VALUE}).")
        String apiKeyEnv;

        @Override
        public Integer call() {
            Migration run = new Migration(client, migration.options());
            URI instance = address("--url", url);
            String key = secret(client, apiKeyEnv)
                    .orElseThrow(() -> new Failure(
                            Failure.USAGE, "Give the API key (ByteStash: Settings, API keys) in $" + apiKeyEnv + "."));
            SourceClient source = source(client, migration, "ByteStash", instance, Map.of("x-api-key", key));
            List<SourceSnippet> snippets = new ByteStashSource(source, instance.toString()).snippets();
            return run.run("ByteStash", instance + "/snippets/", snippets);
        }
    }

    @Command(
            name = "vscode",
            description = "VS Code snippet files: *.code-snippets, or a language's LANGUAGE.json.",
            footer = {
                "",
                "Examples:",
                "  snippets import vscode .vscode/team.code-snippets",
                "  snippets import vscode ~/.config/Code/User/snippets/*.json --tag vscode"
            })
    static final class VsCode implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Mixin
        MigrationOptions migration;

        @Parameters(arity = "1..*", paramLabel = "FILE", description = "The snippet files.")
        List<Path> files;

        @Override
        public Integer call() {
            Migration run = new Migration(client, migration.options());
            List<SourceSnippet> snippets = new ArrayList<>();
            for (Path file : files) {
                snippets.addAll(VsCodeSnippets.read(file));
            }
            return run.run("VS Code", "file:/", snippets);
        }
    }

    /**
     * What the addresses of these gists start with: GitHub's {@code https://gist.github.com/} (or an
     * Enterprise server's), so that the search for earlier imports asks for one term only.
     */
    private static String prefixOf(List<SourceSnippet> gists, String fallback) {
        return gists.stream()
                .map(SourceSnippet::address)
                .map(address -> {
                    URI uri = URI.create(address);
                    return uri.getScheme() + "://" + uri.getRawAuthority() + "/";
                })
                .findFirst()
                .orElse(fallback);
    }
}
