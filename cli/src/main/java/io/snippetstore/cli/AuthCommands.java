package io.snippetstore.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Signing in and out through the browser, who one is, and one's tokens. */
final class AuthCommands {

    private AuthCommands() {}

    @Command(
            name = "login",
            description = {
                "Sign in through the browser and keep a token for this server.",
                "The token of this client's previous login there is revoked.",
                "--with-token keeps a token read from standard input instead (for CI: no browser, nothing asked);",
                "--device shows a code to type into any signed-in browser (when this machine's loopback is out of the browser's reach)."
            },
            footer = {
                "",
                "Example:",
                "  snippets login http://127.0.0.1:8080",
                "  snippets login https://snippets.example.org --no-browser",
                "  snippets login https://snippets.example.org --with-token < token.txt",
                "  snippets login https://snippets.example.org --device"
            })
    static final class Login implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(
                arity = "0..1",
                paramLabel = "URL",
                description = "The service (default: --server, $SNIPPETS_SERVER, the last one).")
        String url;

        @Option(
                names = "--no-browser",
                description = "Only print the address to open, e.g. on a machine without a browser.")
        boolean noBrowser;

        @Option(names = "--name", description = "The token's name (default: user@host and today's date).")
        String name;

        @Option(
                names = "--as",
                paramLabel = "SERVER_NAME",
                description = "A short name for this server, for --server and `snippets use` (default: its host).")
        String serverName;

        @Option(
                names = "--wait",
                paramLabel = "SECONDS",
                defaultValue = "300",
                description = "How long to wait for the browser's sign-in (default: ${DEFAULT-VALUE}).")
        long waitSeconds;

        @Option(
                names = "--with-token",
                description =
                        "Read an API token from standard input (its first line) and keep it; it is checked first.")
        boolean withToken;

        @Option(
                names = "--scopes",
                split = ",",
                paramLabel = "SCOPE",
                description = "What the token may do, e.g. snippets:read,snippets:write (scopes: snippets:read, "
                        + "snippets:write, sharing, account, admin; default: everything your account may).")
        List<String> scopes;

        @Option(
                names = "--device",
                description =
                        "Show a code to type into any signed-in browser, at the address shown, and wait for its approval.")
        boolean device;

        @Override
        public Integer call() throws IOException {
            Config config = client.config();
            String server = config.server(Optional.ofNullable(url)
                    .or(() -> client.givenServer())
                    .or(() -> Optional.ofNullable(client.environment().get("SNIPPETS_SERVER"))));
            Output output = new Output(client.terminal());
            client.api(server, Optional.empty())
                    .requireSnippetStore(); // before a browser waits minutes for a wrong or stopped server
            if (withToken) {
                return keepGivenToken(config, server, output);
            }
            Optional<Config.Login> previous = config.login(server);
            String tokenName = Optional.ofNullable(name).orElseGet(this::defaultName);
            JsonObject exchanged =
                    device ? deviceLogin(server, tokenName, output) : browserLogin(server, tokenName, output);
            String token = exchanged.getString("token");
            String tokenId = exchanged.getString("id");
            Api signedIn = client.api(server, Optional.of(token));
            JsonObject me = signedIn.get("/api/v1/auth/whoami").asJsonObject();
            config.remember(
                    server,
                    new Config.Login(token, tokenId, me.getString("username")),
                    Optional.ofNullable(serverName));
            previous.filter(login -> login.tokenId() != null && !login.tokenId().equals(tokenId))
                    .ifPresent(login -> revokePrevious(signedIn, login, me.getString("username"), output));
            if (client.json()) {
                output.json(me);
            } else {
                output.line("Signed in to " + server + " as " + me.getString("username") + " (token \"" + tokenName
                        + "\", kept in " + config.file() + ").");
                output.line(credentialLine(me));
            }
            return 0;
        }

        /** The scopes asked for, OAuth's way (separated by spaces), when --scopes names any. */
        private Optional<String> askedScope() {
            return Optional.ofNullable(scopes)
                    .map(names ->
                            String.join(" ", names.stream().map(String::strip).toList()))
                    .filter(scope -> !scope.isBlank());
        }

        private JsonObjectBuilder withAskedScope(JsonObjectBuilder body) {
            askedScope().ifPresent(scope -> body.add("scope", scope));
            return body;
        }

        /** The browser login: a one-time code to this client's loopback receiver, exchanged with the PKCE verifier. */
        private JsonObject browserLogin(String server, String tokenName, Output output) throws IOException {
            String state = Pkce.randomToken();
            Pkce pkce = Pkce.create();
            try (LoopbackReceiver receiver = new LoopbackReceiver(state)) {
                String address = server + "/api/v1/auth/browser-login?callback=" + Api.encode(receiver.callback())
                        + "&state=" + state + "&code_challenge=" + pkce.challenge()
                        + "&code_challenge_method=S256&name=" + Api.encode(tokenName)
                        + askedScope()
                                .map(scope -> "&scope=" + Api.encode(scope))
                                .orElse("");
                output.note("Open this address in a browser to sign in:");
                output.note("  " + address);
                if (!noBrowser) {
                    Browser.open(address);
                }
                String code = receiver.awaitCode(Duration.ofSeconds(waitSeconds));
                return client.api(server, Optional.empty())
                        .call(
                                "POST",
                                "/api/v1/auth/browser-login/exchange",
                                Json.createObjectBuilder()
                                        .add("code", code)
                                        .add("codeVerifier", pkce.verifier())
                                        .build(),
                                Map.of())
                        .asJsonObject();
            }
        }

        private JsonObject deviceLogin(String server, String tokenName, Output output) {
            return AuthCommands.deviceLogin(
                    client.api(server, Optional.empty()),
                    withAskedScope(Json.createObjectBuilder().add("name", tokenName)),
                    waitSeconds,
                    output,
                    SLEEP);
        }

        /**
         * A token made elsewhere (the account page, a CI secret), kept once the service takes it.
         * Its id is unknown here, so {@code logout} forgets it without revoking it; a previous
         * login's token is left alone too, since this one may belong to another purpose.
         */
        private int keepGivenToken(Config config, String server, Output output) throws IOException {
            String token = client.terminal()
                    .askSecret("Paste a token: ")
                    .map(String::strip)
                    .filter(line -> !line.isEmpty())
                    .orElseThrow(() -> new Failure(
                            Failure.USAGE, "--with-token reads a token from standard input, and it was empty."));
            JsonObject me = client.api(server, Optional.of(token))
                    .get("/api/v1/auth/whoami")
                    .asJsonObject();
            config.remember(
                    server, new Config.Login(token, null, me.getString("username")), Optional.ofNullable(serverName));
            if (client.json()) {
                output.json(me);
            } else {
                output.line(
                        "Signed in to " + server + " as " + me.getString("username") + " with the given token (kept in "
                                + config.file() + "; `snippets logout` forgets it, revoke it where it was made).");
                output.line(credentialLine(me));
            }
            return 0;
        }

        /**
         * The token this client kept for the server before: revoked with the new one, so that
         * logging in again leaves one token alive, not one per login. Another user's token (a
         * login as someone else) is left to its owner; one that no longer works is gone already.
         */
        private static void revokePrevious(Api signedIn, Config.Login previous, String username, Output output) {
            if (!username.equals(previous.username())) {
                output.note("The token of " + previous.username()
                        + " that this client kept is not revoked: sign in as them to revoke it.");
                return;
            }
            try {
                signedIn.call("DELETE", "/api/v1/auth/tokens/" + Api.encode(previous.tokenId()), null, Map.of());
                output.note("The token of the previous login was revoked.");
            } catch (Failure goneAlready) {
                // revoked or expired meanwhile: nothing left to do
            }
        }

        /** {@code user@host YYYY-MM-DD}: a list of tokens says which machine made each, and when. */
        private String defaultName() {
            String user = System.getProperty("user.name", "user");
            String host;
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                host = "localhost";
            }
            return (user + "@" + host).toLowerCase(Locale.ROOT) + " " + LocalDate.now();
        }
    }

    @Command(
            name = "logout",
            description = "Revoke this server's token on the server and forget it.",
            footer = {"", "Example:", "  snippets logout"})
    static final class Logout implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Override
        public Integer call() {
            Config config = client.config();
            String server = client.server(config);
            Config.Login login = config.login(server)
                    .orElseThrow(() -> new Failure(Failure.AUTH, "Not signed in to " + server + "."));
            Output output = new Output(client.terminal());
            try {
                if (login.tokenId() != null) {
                    client.api(server, Optional.of(login.token()))
                            .call("DELETE", "/api/v1/auth/tokens/" + Api.encode(login.tokenId()), null, Map.of());
                } else {
                    output.note(
                            "The token was given with --with-token: it is forgotten here, and still works until revoked where it was made.");
                }
            } catch (Failure failure) {
                if (failure.exitCode() != Failure.AUTH && failure.exitCode() != Failure.NOT_FOUND) {
                    throw failure;
                }
                output.note("The token no longer worked on the server.");
            }
            config.forget(server);
            if (client.json()) {
                output.json(Json.createObjectBuilder()
                        .add("server", server)
                        .add("signedOut", true)
                        .build());
            } else {
                output.line("Signed out of " + server + ".");
                config.servers().stream()
                        .filter(Config.Server::chosen)
                        .forEach(next -> output.note("The default server is " + next.name() + " (" + next.address()
                                + ") now: `snippets use NAME` chooses another."));
            }
            return 0;
        }
    }

    @Command(
            name = "servers",
            description = "List the servers signed in to, by name; * marks the default one.",
            footer = {"", "Examples:", "  snippets servers", "  snippets use work"})
    static final class Servers implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Override
        public Integer call() {
            List<JsonObject> servers = client.config().servers().stream()
                    .map(server -> Json.createObjectBuilder()
                            .add("name", server.name())
                            .add("server", server.address())
                            .add("username", server.username())
                            .add("default", server.chosen())
                            .build())
                    .toList();
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.page(servers);
            } else {
                output.table(
                        servers,
                        List.of(
                                new Output.Column("", 1, s -> s.getBoolean("default") ? "*" : ""),
                                new Output.Column("NAME", 20, s -> Output.text(s, "name")),
                                new Output.Column("SERVER", 40, s -> Output.text(s, "server")),
                                new Output.Column("USER", 20, s -> Output.text(s, "username"))));
            }
            return 0;
        }
    }

    @Command(
            name = "use",
            description = "Make a server signed in to the default one, by its name or address.",
            footer = {"", "Examples:", "  snippets use work", "  snippets use https://snippets.example.org"})
    static final class Use implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Parameters(paramLabel = "SERVER", description = "The server's name (see `snippets servers`) or address.")
        String server;

        @Override
        public Integer call() {
            String chosen = client.config().use(server);
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(Json.createObjectBuilder()
                        .add("server", chosen)
                        .add("default", true)
                        .build());
            } else {
                output.line("The default server is " + chosen + " now.");
            }
            return 0;
        }
    }

    @Command(
            name = "whoami",
            description = "Who the token of this server belongs to.",
            footer = {"", "Example:", "  snippets whoami"})
    static final class WhoAmI implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Override
        public Integer call() {
            Api api = client.signedIn();
            JsonObject me = api.get("/api/v1/auth/whoami").asJsonObject();
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.json(me);
            } else {
                output.line(me.getString("username") + " (" + me.getString("role") + ") at " + api.server());
                output.line(credentialLine(me));
            }
            return 0;
        }
    }

    @Command(
            name = "tokens",
            description = "List your API tokens (never their values).",
            subcommands = {Tokens.Create.class, Tokens.Narrow.class, Tokens.Revoke.class},
            footer = {
                "",
                "Examples:",
                "  snippets tokens",
                "  snippets tokens create 'ci runbooks' --scopes snippets:read --collections runbooks --expires-in-days 90",
                "  snippets tokens narrow 01a2... --scopes snippets:read",
                "  snippets tokens revoke 01a2..."
            })
    static final class Tokens implements Callable<Integer> {

        @Mixin
        ClientOptions client;

        @Override
        public Integer call() {
            List<JsonObject> tokens = client.signedIn().list("/api/v1/auth/tokens", true);
            Output output = new Output(client.terminal());
            if (client.json()) {
                output.page(tokens);
            } else {
                output.table(
                        tokens,
                        List.of(
                                new Output.Column("ID", 36, t -> Output.text(t, "id")),
                                new Output.Column("NAME", 30, t -> Output.text(t, "name")),
                                new Output.Column("SCOPES", 40, t -> scopes(t) + reach(t)),
                                new Output.Column("CREATED", 24, t -> Output.text(t, "createdAt")),
                                new Output.Column("LAST USED", 24, t -> Output.text(t, "lastUsedAt")),
                                new Output.Column("EXPIRES", 24, t -> Output.text(t, "expiresAt"))));
            }
            return 0;
        }

        @Command(
                name = "narrow",
                description = "Keep only some of a token's scopes (a token is never widened: log in again for more).",
                footer = {"", "Example:", "  snippets tokens narrow 01a2... --scopes snippets:read,account"})
        static final class Narrow implements Callable<Integer> {

            @Mixin
            ClientOptions client;

            @Parameters(paramLabel = "ID", description = "The token's id (see `snippets tokens`).")
            String id;

            @Option(
                    names = "--scopes",
                    split = ",",
                    required = true,
                    paramLabel = "SCOPE",
                    description = "The scopes it keeps, each one it has.")
            List<String> scopes;

            @Override
            public Integer call() {
                JsonArrayBuilder kept = Json.createArrayBuilder();
                scopes.stream().map(String::strip).forEach(kept::add);
                JsonObject narrowed = client.signedIn()
                        .call(
                                "PATCH",
                                "/api/v1/auth/tokens/" + Api.encode(id),
                                Json.createObjectBuilder().add("scopes", kept).build(),
                                Map.of())
                        .asJsonObject();
                Output output = new Output(client.terminal());
                if (client.json()) {
                    output.json(narrowed);
                } else {
                    output.line("Token " + narrowed.getString("name") + " may now: " + scopes(narrowed) + ".");
                }
                return 0;
            }
        }

        @Command(
                name = "create",
                description = {
                    "Make a token for a script or a CI job and print its value (it is not kept here).",
                    "A token is made only with a browser's approval: this shows a code to enter at the service's /device page."
                },
                footer = {
                    "",
                    "Example:",
                    "  snippets tokens create 'ci runbooks' --scopes snippets:read --collections infra/runbooks \\",
                    "      --expires-in-days 90 > token.txt"
                })
        static final class Create implements Callable<Integer> {

            @Mixin
            ClientOptions client;

            @Parameters(paramLabel = "NAME", description = "The token's name: where it is used.")
            String name;

            @Option(
                    names = "--scopes",
                    split = ",",
                    paramLabel = "SCOPE",
                    description = "What it may do (default: everything your account may).")
            List<String> scopes;

            @Option(
                    names = "--collections",
                    split = ",",
                    paramLabel = "COLLECTION",
                    description =
                            "Only the snippets of these collections: ids, or paths of yours (needs a login here to find them).")
            List<String> collections;

            @Option(
                    names = "--expires-in-days",
                    paramLabel = "DAYS",
                    description = "How long it lives (default: as a login's token does).")
            Integer expiresInDays;

            @Option(
                    names = "--wait",
                    paramLabel = "SECONDS",
                    defaultValue = "300",
                    description = "How long to wait for the approval (default: ${DEFAULT-VALUE}).")
            long waitSeconds;

            @Override
            public Integer call() {
                String server = client.config()
                        .server(client.givenServer()
                                .or(() ->
                                        Optional.ofNullable(client.environment().get("SNIPPETS_SERVER"))));
                Api api = client.api(server, Optional.empty());
                api.requireSnippetStore();
                JsonObjectBuilder body = Json.createObjectBuilder().add("name", name);
                if (scopes != null) {
                    body.add(
                            "scope",
                            String.join(" ", scopes.stream().map(String::strip).toList()));
                }
                if (collections != null) {
                    JsonArrayBuilder ids = Json.createArrayBuilder();
                    collections.stream()
                            .map(String::strip)
                            .map(collection -> CollectionCommands.isId(collection)
                                    ? collection
                                    : CollectionCommands.idOf(client.signedIn(), collection))
                            .forEach(ids::add);
                    body.add("collections", ids);
                }
                if (expiresInDays != null) {
                    body.add("expiresInDays", expiresInDays);
                }
                Output output = new Output(client.terminal());
                JsonObject made = deviceLogin(api, body, waitSeconds, output, SLEEP);
                JsonObject token = client.api(server, Optional.of(made.getString("token")))
                        .get("/api/v1/auth/whoami")
                        .asJsonObject();
                if (client.json()) {
                    output.json(made);
                } else {
                    output.note("Made the token \"" + made.getString("name") + "\" (" + made.getString("id") + "). "
                            + credentialLine(token) + " Its value, shown only now:");
                    output.line(made.getString("token"));
                }
                return 0;
            }
        }

        @Command(
                name = "revoke",
                description = "Revoke a token: it stops working at once.",
                footer = {"", "Example:", "  snippets tokens revoke 01a2..."})
        static final class Revoke implements Callable<Integer> {

            @Mixin
            ClientOptions client;

            @Parameters(paramLabel = "ID", description = "The token's id (see `snippets tokens`).")
            String id;

            @Override
            public Integer call() {
                JsonValue revoked =
                        client.signedIn().call("DELETE", "/api/v1/auth/tokens/" + Api.encode(id), null, Map.of());
                Output output = new Output(client.terminal());
                if (client.json()) {
                    output.json(revoked);
                } else {
                    output.line("Revoked " + id + ".");
                }
                return 0;
            }
        }
    }

    /**
     * The device login: starts one asking for the token {@code body} describes, shows the code and
     * address for the user, then polls at the service's interval (longer once told to slow down)
     * until the user decided or the login ended.
     */
    /** How the device login waits between its polls: the thread's sleep, or a test's record of each wait. */
    interface Pause {
        void pauseFor(Duration duration) throws InterruptedException;
    }

    static final Pause SLEEP = duration -> Thread.sleep(duration.toMillis());

    static JsonObject deviceLogin(Api api, JsonObjectBuilder body, long waitSeconds, Output output, Pause pause) {
        JsonObject started =
                api.call("POST", "/api/v1/auth/device", body.build(), Map.of()).asJsonObject();
        output.note("Open " + started.getString("verificationUrl") + " in any browser, sign in, and enter the code "
                + started.getString("userCode"));
        output.note("  (or open " + started.getString("verificationUrlComplete") + ")");
        Duration interval = Duration.ofSeconds(started.getJsonNumber("interval").longValue());
        Instant giveUp = Instant.now()
                .plusSeconds(
                        Math.min(waitSeconds, started.getJsonNumber("expiresIn").longValue()));
        JsonValue deviceCode = Json.createObjectBuilder()
                .add("deviceCode", started.getString("deviceCode"))
                .build();
        while (true) {
            if (Instant.now().plus(interval).isAfter(giveUp)) {
                throw new Failure(Failure.AUTH, "Nobody approved the login in time; start it again.");
            }
            try {
                pause.pauseFor(interval);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Failure(Failure.AUTH, "Interrupted before the login was approved.");
            }
            try {
                return api.call("POST", "/api/v1/auth/device/token", deviceCode, Map.of())
                        .asJsonObject();
            } catch (Failure failure) {
                String code = failure.apiCode().orElse("");
                if (code.equals("slow_down")) {
                    interval = interval.plusSeconds(5);
                } else if (!code.equals("authorization_pending")) {
                    throw new Failure(
                            Failure.AUTH,
                            code.equals("access_denied")
                                    ? "The login was denied in the browser."
                                    : failure.getMessage());
                }
            }
        }
    }

    /** What the credential may do and until when, as {@code whoami} answers it (a server before scopes says nothing). */
    static String credentialLine(JsonObject me) {
        if (!me.containsKey("scopes")) {
            return "The server does not limit what a token may do.";
        }
        String until = me.isNull("expiresAt")
                ? "does not expire"
                : "expires " + me.getString("expiresAt") + (me.getBoolean("expiresSoon", false) ? " (soon)" : "");
        return "May: " + scopes(me) + reach(me) + "; "
                + ("session".equals(me.getString("authMethod", "")) ? "a session" : until) + ".";
    }

    /** Where a token reaches, when it is limited to collections (their ids); nothing otherwise. */
    static String reach(JsonObject token) {
        return token.containsKey("collections") && !token.isNull("collections")
                ? "; only in collections "
                        + String.join(
                                ", ",
                                token.getJsonArray("collections").getValuesAs(JsonString.class).stream()
                                        .map(JsonString::getString)
                                        .toList())
                : "";
    }

    /** A token's scopes as one comma-separated text. */
    static String scopes(JsonObject token) {
        return token.containsKey("scopes")
                ? String.join(
                        ", ",
                        token.getJsonArray("scopes").getValuesAs(JsonString.class).stream()
                                .map(JsonString::getString)
                                .toList())
                : "";
    }
}
