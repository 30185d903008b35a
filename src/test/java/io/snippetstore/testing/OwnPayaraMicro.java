package io.snippetstore.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.json.Json;

/**
 * A Payara Micro of a test's own, with the WAR of this build at the root context, on a free
 * loopback port and the data directory the test chooses: for tests that need a server the suite's
 * cannot be (a small disk, a fresh data directory). Its log goes to a file under {@code target/}.
 */
public final class OwnPayaraMicro implements AutoCloseable {

    private final Process process;
    private final URI base;
    private final Path log;

    private OwnPayaraMicro(Process process, URI base, Path log) {
        this.process = process;
        this.base = base;
        this.log = log;
    }

    /**
     * Starts the server and waits until it is ready. {@code environment} adds to the suite's
     * (the data directory among it); a {@code null} value removes a variable.
     */
    public static OwnPayaraMicro start(String name, Map<String, String> environment)
            throws IOException, InterruptedException {
        return start(name, environment, "/api/ready");
    }

    /** Starts the server and waits only until the application answers as alive ({@code /api/health}), ready or not. */
    public static OwnPayaraMicro startAlive(String name, Map<String, String> environment)
            throws IOException, InterruptedException {
        return start(name, environment, "/api/health");
    }

    private static OwnPayaraMicro start(String name, Map<String, String> environment, String upWhen)
            throws IOException, InterruptedException {
        OwnPayaraMicro server = launch(name, environment);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            while (!server.answers(upWhen)) {
                assertTrue(server.process.isAlive(), "the server stopped; see " + server.log);
                assertTrue(System.nanoTime() < deadline, "the server did not become ready; see " + server.log);
                Thread.sleep(500);
            }
            return server;
        } catch (AssertionError | InterruptedException notReady) {
            server.close(); // a server that failed to deploy keeps running otherwise
            throw notReady;
        }
    }

    /**
     * Starts the server with {@code environment}, expecting the application not to deploy: waits
     * until Payara Micro says it is ready ("(build N) ready in", with or without the application),
     * stops it and answers its log. Fails if the application answers as ready.
     */
    public static String logOfAFailedStart(String name, Map<String, String> environment)
            throws IOException, InterruptedException {
        OwnPayaraMicro server = launch(name, environment);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            while (!Files.readString(server.log, StandardCharsets.UTF_8).contains(") ready in ")) {
                assertTrue(System.nanoTime() < deadline, "Payara Micro did not start; see " + server.log);
                if (!server.process.isAlive()) {
                    break;
                }
                Thread.sleep(500);
            }
            assertFalse(server.ready(), "the application started; see " + server.log);
            return Files.readString(server.log, StandardCharsets.UTF_8);
        } finally {
            server.close();
        }
    }

    private static OwnPayaraMicro launch(String name, Map<String, String> environment) throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Path log = Path.of("target", name + "-server.log");
        ProcessBuilder payara = new ProcessBuilder(
                        "java",
                        "-Xmx384m",
                        "-jar",
                        System.getenv("MICRO_JAR"),
                        "--prebootcommandfile",
                        System.getProperty("snippets.payaraPreboot"),
                        "--deploy",
                        System.getProperty("snippets.war"),
                        "--contextroot",
                        "/",
                        "--port",
                        String.valueOf(port),
                        "--nocluster")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        payara.environment().put("SNIPPETS_HTTP_ADDRESS", "127.0.0.1");
        environment.forEach((variable, value) -> {
            if (value == null) {
                payara.environment().remove(variable);
            } else {
                payara.environment().put(variable, value);
            }
        });
        return new OwnPayaraMicro(payara.start(), URI.create("http://127.0.0.1:" + port + "/"), log);
    }

    /** A client of this server with a new API token of the user's (signed in with the password first). */
    public ApiClient signIn(String username, String password) {
        return new ApiClient(base).withBearer(TestUsers.newToken(session(username, password), "own server"));
    }

    /** Signed in with a browser session, for what a token may not do (making administrators, say). */
    public ApiClient session(String username, String password) {
        ApiClient session = new ApiClient(base);
        Reply login = session.post(
                "/api/v1/auth/login",
                Json.createObjectBuilder()
                        .add("username", username)
                        .add("password", password)
                        .build());
        assertEquals(200, login.status(), login::toString);
        return session;
    }

    /** A new user on this server, made by the administrator {@code admin}: their username. */
    public static String newUser(ApiClient admin, String prefix, String password) {
        String username = TestUsers.uniqueName(prefix);
        Reply created = admin.post(
                "/api/v1/users",
                Json.createObjectBuilder()
                        .add("username", username)
                        .add("password", password)
                        .build());
        assertEquals(201, created.status(), created::toString);
        return username;
    }

    private boolean ready() {
        return answers("/api/ready");
    }

    private boolean answers(String check) {
        try {
            return ApiClient.ofStartingServer(base).get(check).status() == 200;
        } catch (RuntimeException notYet) {
            return false;
        }
    }

    public URI base() {
        return base;
    }

    public Path log() {
        return log;
    }

    /** {@code kill -9}: the process ends at once, with no shutdown of the server or its database. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the server process did not end");
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
