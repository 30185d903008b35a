package io.snippetstore.cli;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * The client's stored sign-ins, one per server: {@code $XDG_CONFIG_HOME/snippets/config.json}
 * (else {@code ~/.config/snippets/config.json}), readable by its owner only (0600, in a 0700
 * directory), since it holds tokens. The last server signed in to is the default one.
 */
final class Config {

    static final String DEFAULT_SERVER = "http://127.0.0.1:8080";

    /** A stored sign-in: the token, its id (to revoke it at logout) and whose it is. */
    record Login(String token, String tokenId, String username) {}

    private final Path file;
    private JsonObject content;

    private Config(Path file, JsonObject content) {
        this.file = file;
        this.content = content;
    }

    static Path location(Map<String, String> environment) {
        String base = Optional.ofNullable(environment.get("XDG_CONFIG_HOME"))
                .filter(value -> !value.isBlank())
                .orElse(Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")), ".config")
                        .toString());
        return Path.of(base, "snippets", "config.json");
    }

    static Config load(Map<String, String> environment) {
        Path file = location(environment);
        if (!Files.exists(file)) {
            return new Config(file, JsonValue.EMPTY_JSON_OBJECT);
        }
        try {
            return new Config(
                    file,
                    Json.createReader(new StringReader(Files.readString(file, StandardCharsets.UTF_8)))
                            .readObject());
        } catch (IOException | RuntimeException e) {
            throw new Failure(
                    Failure.USAGE,
                    "Cannot read the client's settings in " + file
                            + " (not readable, or not the JSON this client writes); "
                            + "fix or delete it, then sign in again.");
        }
    }

    Path file() {
        return file;
    }

    /** The server to talk to: the one named, else the last one signed in to, else a local service. */
    String server(Optional<String> named) {
        return named.filter(value -> !value.isBlank())
                .or(() -> Optional.ofNullable(content.getString("default", null)))
                .map(Config::normalized)
                .orElse(DEFAULT_SERVER);
    }

    Optional<Login> login(String server) {
        JsonObject servers = content.getJsonObject("servers");
        if (servers == null || !(servers.get(normalized(server)) instanceof JsonObject entry)) {
            return Optional.empty();
        }
        return Optional.of(new Login(
                entry.getString("token"), entry.getString("tokenId", null), entry.getString("username", null)));
    }

    void remember(String server, Login login) {
        JsonObjectBuilder entry =
                Json.createObjectBuilder().add("token", login.token()).add("username", login.username());
        if (login.tokenId() != null) {
            entry.add("tokenId", login.tokenId());
        }
        JsonObjectBuilder servers = Json.createObjectBuilder(servers()).add(normalized(server), entry);
        content = Json.createObjectBuilder(content)
                .add("servers", servers)
                .add("default", normalized(server))
                .build();
        save();
    }

    void forget(String server) {
        JsonObjectBuilder servers = Json.createObjectBuilder(servers()).remove(normalized(server));
        content = Json.createObjectBuilder(content).add("servers", servers).build();
        save();
    }

    private JsonObject servers() {
        return Optional.ofNullable(content.getJsonObject("servers")).orElse(JsonValue.EMPTY_JSON_OBJECT);
    }

    /** Written to a new owner-only file beside it, then moved over it: never readable by others, never half written. */
    private void save() {
        try {
            Path directory = file.getParent();
            boolean posix =
                    FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
            if (!Files.exists(directory)) {
                if (posix) {
                    Files.createDirectories(
                            directory,
                            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } else {
                    Files.createDirectories(directory);
                }
            }
            Path written = posix
                    ? Files.createTempFile(
                            directory,
                            "config",
                            ".json",
                            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))
                    : Files.createTempFile(directory, "config", ".json");
            Files.writeString(written, content.toString(), StandardCharsets.UTF_8);
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file, e);
        }
    }

    /** {@code http://host:port} without a trailing slash: one entry per server however it is typed. */
    static String normalized(String server) {
        return server.strip().replaceAll("/+$", "");
    }
}
