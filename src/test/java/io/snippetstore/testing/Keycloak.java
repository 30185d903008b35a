package io.snippetstore.testing;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import jakarta.json.Json;
import jakarta.json.JsonArray;

/**
 * A real Keycloak for the single sign-on tests: the {@code keycloak-quarkus-dist} the build
 * unpacked, started once per test JVM in dev mode on the reserved loopback port with the realm of
 * {@code src/test/keycloak} (its redirect URI made this server's; its users have fixed ids, so a
 * user's subject is the same whenever Keycloak starts afresh), and stopped when the JVM ends.
 * Keycloak 26 needs Java 21 or newer: the first such JDK under {@code /usr/lib/jvm} (or
 * {@code KEYCLOAK_JAVA_HOME}) runs it.
 */
public final class Keycloak {

    public static final String REALM = "snippets";
    private static final String ADMIN = "keycloak-admin";
    private static final String ADMIN_PASSWORD = "keycloak-admin-password";
    private static final Duration START_LIMIT = Duration.ofMinutes(4);

    private static Keycloak running;

    private final int port;
    private final Process process;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Keycloak(int port, Process process) {
        this.port = port;
        this.process = process;
    }

    /** The Keycloak of this test JVM, started (and its realm imported) at the first call. */
    public static synchronized Keycloak running() {
        if (running == null) {
            try {
                running = start();
            } catch (IOException e) {
                throw new IllegalStateException("Keycloak could not be started: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return running;
    }

    public URI issuer() {
        return URI.create("http://localhost:" + port + "/realms/" + REALM);
    }

    private static Keycloak start() throws IOException, InterruptedException {
        Path home = Path.of(System.getProperty("snippets.keycloakHome"));
        int port = Integer.parseInt(System.getProperty("snippets.keycloakPort"));
        Path javaHome = javaHome()
                .orElseThrow(
                        () -> new IllegalStateException(
                                "Keycloak 26 needs a Java 21 or newer runtime: none found under /usr/lib/jvm; set KEYCLOAK_JAVA_HOME to one"));
        Path data = home.resolve("data");
        deleteTree(data); // a fresh realm each run: dev mode keeps an imported realm and skips a later import
        Files.createDirectories(data.resolve("import"));
        String realm = Files.readString(Path.of(System.getProperty("snippets.keycloakRealm")), StandardCharsets.UTF_8)
                .replace("@APP_BASE@", "http://127.0.0.1:" + ApiClient.base().getPort());
        Files.writeString(data.resolve("import/snippets-realm.json"), realm, StandardCharsets.UTF_8);
        Path log = home.resolve("keycloak.log");
        ProcessBuilder builder = new ProcessBuilder(
                        home.resolve("bin/kc.sh").toString(),
                        "start-dev",
                        "--http-host=127.0.0.1",
                        "--http-port=" + port,
                        "--hostname=localhost",
                        "--import-realm",
                        "--health-enabled=false",
                        "--metrics-enabled=false",
                        "--cache=local")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", javaHome.toString());
        builder.environment().put("KC_BOOTSTRAP_ADMIN_USERNAME", ADMIN);
        builder.environment().put("KC_BOOTSTRAP_ADMIN_PASSWORD", ADMIN_PASSWORD);
        builder.environment().put("JAVA_OPTS_KC_HEAP", "-Xms64m -Xmx512m");
        // Quarkus' worker threads reset thread locals by reflection, which Java 24 and later allow only when opened
        builder.environment().put("JAVA_OPTS_APPEND", "--add-opens=java.base/java.lang=ALL-UNNAMED");
        Process process = builder.start();
        Keycloak keycloak = new Keycloak(port, process);
        Runtime.getRuntime().addShutdownHook(new Thread(keycloak::stop));
        keycloak.awaitDiscovery(log);
        return keycloak;
    }

    private void awaitDiscovery(Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        URI discovery = URI.create(issuer() + "/.well-known/openid-configuration");
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "Keycloak ended at start; its log " + log + " ends with:\n" + tail(log));
            }
            try {
                if (http.send(
                                        HttpRequest.newBuilder(discovery)
                                                .timeout(Duration.ofSeconds(5))
                                                .build(),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException(
                "Keycloak did not answer within " + START_LIMIT + "; its log " + log + " ends with:\n" + tail(log));
    }

    private void stop() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Takes a user out of one of the realm's groups, as an administrator of the provider would. */
    public void removeFromGroup(String username, String group) {
        String token = adminToken();
        String userId = adminGet(token, "/admin/realms/" + REALM + "/users?exact=true&username=" + username)
                .getJsonObject(0)
                .getString("id");
        String groupId = adminGet(token, "/admin/realms/" + REALM + "/groups?exact=true&search=" + group)
                .getJsonObject(0)
                .getString("id");
        HttpRequest remove = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/admin/realms/" + REALM
                        + "/users/" + userId + "/groups/" + groupId))
                .header("Authorization", "Bearer " + token)
                .DELETE()
                .build();
        int status = send(remove).statusCode();
        if (status != 204) {
            throw new IllegalStateException(
                    "Keycloak refused to take " + username + " out of " + group + ": " + status);
        }
    }

    private String adminToken() {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://localhost:" + port + "/realms/master/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "grant_type=password&client_id=admin-cli&username=" + ADMIN + "&password=" + ADMIN_PASSWORD))
                .build();
        HttpResponse<String> response = send(request);
        return Json.createReader(new StringReader(response.body())).readObject().getString("access_token");
    }

    private JsonArray adminGet(String token, String path) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Authorization", "Bearer " + token)
                .build());
        return Json.createReader(new StringReader(response.body())).readArray();
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A JDK of release 21 or newer: {@code KEYCLOAK_JAVA_HOME}, this JVM's own, or the newest under /usr/lib/jvm. */
    static Optional<Path> javaHome() throws IOException {
        String configured = System.getenv("KEYCLOAK_JAVA_HOME");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured));
        }
        if (Runtime.version().feature() >= 21) {
            return Optional.of(Path.of(System.getProperty("java.home")));
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> candidates = Files.list(jvms)) {
            return candidates
                    .filter(dir -> Files.isExecutable(dir.resolve("bin/java")) && release(dir) >= 21)
                    .max(Comparator.comparingInt(Keycloak::release));
        }
    }

    /** The feature release a JDK's {@code release} file names (JAVA_VERSION="25.0.1"), 0 when unknown. */
    private static int release(Path jdk) {
        try {
            for (String line : Files.readAllLines(jdk.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return Integer.parseInt(version.split("[.+-]")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
