package io.snippetstore.cli;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options every command shares ({@code --server}, {@code --json}, {@code --timeout}), mixed into each command,
 * and what they decide: the server, the token, the answer timeout, the output's form.
 *
 * <p>An option counts wherever it stands on the line: {@code snippets --json search x} and {@code snippets search x
 * --json} are the same, so a value is looked up from the running command's copy up to the top command's. The
 * environment and the terminal are given by {@link Snippets#commandLine}'s factory, so a test runs a command with its
 * own.
 */
final class ClientOptions {

    static final int DEFAULT_TIMEOUT_SECONDS = 30;

    /** The name picocli gives this mixin in each command (the field's name). */
    private static final String MIXIN_NAME = "client";

    @Spec(Spec.Target.MIXEE)
    private CommandSpec mixee;

    @Option(
            names = "--server",
            paramLabel = "URL",
            description =
                    "The service, e.g. http://127.0.0.1:8080 (default: $SNIPPETS_SERVER, else the last one signed in to).")
    private String server;

    @Option(names = "--json", description = "Print the API's data as JSON, for scripts.")
    private boolean json;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            description = "How long to wait for the service to answer (default: $SNIPPETS_TIMEOUT, else "
                    + DEFAULT_TIMEOUT_SECONDS
                    + "; 0 for no limit; an upload waits as long for the service to take more of it).")
    private Integer timeout;

    private final Map<String, String> environment;
    private final Terminal terminal;

    /** For picocli's default factory (the completion generator): the process's environment and terminal. */
    ClientOptions() {
        this(System.getenv(), Terminal.system(System.getenv()));
    }

    ClientOptions(Map<String, String> environment, Terminal terminal) {
        this.environment = environment;
        this.terminal = terminal;
    }

    /** The shared options of {@code command}: its own copy, answering for the commands above it too. */
    static Optional<ClientOptions> of(CommandSpec command) {
        return Optional.ofNullable(command.mixins().get(MIXIN_NAME)).map(mixin -> (ClientOptions) mixin.userObject());
    }

    Map<String, String> environment() {
        return environment;
    }

    Terminal terminal() {
        return terminal;
    }

    Output output() {
        return new Output(terminal);
    }

    boolean json() {
        return nearest(options -> options.json ? Boolean.TRUE : null).orElse(false);
    }

    Config config() {
        return Config.load(environment);
    }

    /** --server as given on the line, if it was. */
    Optional<String> givenServer() {
        return nearest(options -> options.server);
    }

    /** The server of this run: --server, $SNIPPETS_SERVER, the last one signed in to, or a local service. */
    String server(Config config) {
        return config.server(givenServer().or(() -> Optional.ofNullable(environment.get("SNIPPETS_SERVER"))));
    }

    /** The API with the token of this run: $SNIPPETS_TOKEN, else the stored one; none is an authentication failure. */
    Api signedIn() {
        timeoutSeconds(); // a wrong timeout is a usage error before anything else
        Config config = config();
        String chosen = server(config);
        Api.address(chosen); // neither an address nor a server's name: a usage error, not "not signed in"
        Optional<String> token = Optional.ofNullable(environment.get("SNIPPETS_TOKEN"))
                .filter(value -> !value.isBlank())
                .or(() -> config.login(chosen).map(Config.Login::token));
        if (token.isEmpty()) {
            throw new Failure(
                    Failure.AUTH,
                    "Not signed in to " + chosen + ": run `snippets login " + chosen + "` (or set SNIPPETS_TOKEN).");
        }
        return api(chosen, token);
    }

    /** The API of {@code server}, with the token if any and the answer timeout of this run. */
    Api api(String server, Optional<String> token) {
        return new Api(
                server,
                token,
                Duration.ofSeconds(timeoutSeconds()),
                new Proxies(environment).forAddress(Api.address(server)));
    }

    /** --timeout, else $SNIPPETS_TIMEOUT, else the default; a usage error when not a whole number of seconds from 0. */
    int timeoutSeconds() {
        String configured = nearest(options -> options.timeout)
                .map(String::valueOf)
                .orElseGet(() -> environment.get("SNIPPETS_TIMEOUT"));
        if (configured == null || configured.isBlank()) {
            return DEFAULT_TIMEOUT_SECONDS;
        }
        try {
            int seconds = Integer.parseInt(configured.strip());
            if (seconds >= 0) {
                return seconds;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw new Failure(
                Failure.USAGE, "The timeout must be a whole number of seconds, 0 or more, not \"" + configured + "\".");
    }

    /** The value given nearest to the running command: its own copy's first, then each command's above it. */
    private <T> Optional<T> nearest(Function<ClientOptions, T> value) {
        for (CommandSpec command = mixee; command != null; command = command.parent()) {
            Optional<T> given = of(command).map(value);
            if (given.isPresent()) {
                return given;
            }
        }
        return Optional.empty();
    }
}
