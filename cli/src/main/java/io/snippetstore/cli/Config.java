package io.snippetstore.cli;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * The client's stored sign-ins, one per server: {@code $SNIPPETS_CONFIG}, else {@code
 * $XDG_CONFIG_HOME/snippets/config.json} (else {@code ~/.config/snippets/config.json}), readable by
 * its owner only (0600, in a 0700 directory), since it holds tokens: a file others may read or
 * change is refused, as ssh refuses such a key. Each server has a short name (its host, unless
 * given); the last server signed in to, or the one chosen with {@code snippets use}, is the default.
 */
final class Config {

    static final String DEFAULT_SERVER = "http://127.0.0.1:8080";

    /** A stored sign-in: the token, its id (to revoke it at logout) and whose it is. */
    record Login(String token, String tokenId, String username) {}

    /** A server signed in to, as {@code snippets servers} lists it. */
    record Server(String name, String address, String username, boolean chosen) {}

    private final Path file;
    private JsonObject content;

    private Config(Path file, JsonObject content) {
        this.file = file;
        this.content = content;
    }

    static Path location(Map<String, String> environment) {
        String given = environment.get("SNIPPETS_CONFIG");
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
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
        requireOwnerOnly(file);
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

    /** Tokens sit in it: a file the group or others may read or write is a usage error naming the fix. */
    private static void requireOwnerOnly(Path file) {
        if (!OwnerOnlyFiles.posix()) {
            return;
        }
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            if (permissions.stream().anyMatch(permission -> !permission.name().startsWith("OWNER_"))) {
                throw new Failure(
                        Failure.USAGE,
                        file + " holds tokens and others may read or change it ("
                                + PosixFilePermissions.toString(permissions) + "): `chmod 600 " + file
                                + "`, and sign in again if others may have read it.");
            }
        } catch (IOException unreadable) {
            // said by the read that follows
        }
    }

    Path file() {
        return file;
    }

    /**
     * The server to talk to: the one named (an address, or the name of one signed in to), else the
     * default one, else a local service.
     */
    String server(Optional<String> named) {
        return named.filter(value -> !value.isBlank())
                .map(this::addressOf)
                .or(() -> Optional.ofNullable(content.getString("default", null)))
                .map(Config::normalized)
                .orElse(DEFAULT_SERVER);
    }

    /** The servers signed in to, by name. */
    List<Server> servers() {
        String chosen = content.getString("default", "");
        return storedServers().entrySet().stream()
                .map(entry -> {
                    JsonObject login = entry.getValue().asJsonObject();
                    return new Server(
                            login.getString("name", defaultName(entry.getKey())),
                            entry.getKey(),
                            login.getString("username", ""),
                            entry.getKey().equals(chosen));
                })
                .sorted(Comparator.comparing(Server::name))
                .toList();
    }

    /** Makes a server signed in to (by name or address) the default one; the address chosen. */
    String use(String nameOrAddress) {
        String address = normalized(addressOf(nameOrAddress));
        if (!storedServers().containsKey(address)) {
            throw new Failure(
                    Failure.USAGE,
                    "Not signed in to " + nameOrAddress + ": `snippets servers` lists the servers signed in to"
                            + ", `snippets login URL` adds one.");
        }
        content = Json.createObjectBuilder(content).add("default", address).build();
        save();
        return address;
    }

    /** The address a server's name stands for; an address (or an unknown name) as it is. */
    private String addressOf(String nameOrAddress) {
        String given = nameOrAddress.strip();
        return servers().stream()
                .filter(server -> server.name().equalsIgnoreCase(given))
                .map(Server::address)
                .findFirst()
                .orElse(given);
    }

    /** A server's name unless given: its host, lower case (with the port when not the scheme's). */
    private static String defaultName(String address) {
        URI uri = URI.create(address + "/");
        return uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
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
        remember(server, login, Optional.empty());
    }

    /** Keeps a sign-in and makes its server the default; {@code name} names the server (kept if not given). */
    void remember(String server, Login login, Optional<String> name) {
        String address = normalized(server);
        JsonObjectBuilder entry =
                Json.createObjectBuilder().add("token", login.token()).add("username", login.username());
        if (login.tokenId() != null) {
            entry.add("tokenId", login.tokenId());
        }
        Optional<String> kept = Optional.ofNullable(storedServers().get(address))
                .map(JsonValue::asJsonObject)
                .map(stored -> stored.getString("name", null));
        Optional<String> chosenName =
                name.map(String::strip).filter(given -> !given.isEmpty()).or(() -> kept);
        chosenName.ifPresent(given -> requireFreeName(given, address));
        chosenName.ifPresent(given -> entry.add("name", given));
        JsonObjectBuilder servers = Json.createObjectBuilder(storedServers()).add(address, entry);
        content = Json.createObjectBuilder(content)
                .add("servers", servers)
                .add("default", normalized(server))
                .build();
        save();
    }

    /** Forgets a server's sign-in; when it was the default, another one signed in to is from now on. */
    void forget(String server) {
        String address = normalized(server);
        JsonObject servers =
                Json.createObjectBuilder(storedServers()).remove(address).build();
        JsonObjectBuilder forgotten = Json.createObjectBuilder(content).add("servers", servers);
        if (address.equals(content.getString("default", null))) {
            forgotten.remove("default");
            servers.keySet().stream().sorted().findFirst().ifPresent(next -> forgotten.add("default", next));
        }
        content = forgotten.build();
        save();
    }

    private void requireFreeName(String name, String address) {
        if (name.contains("://") || name.isBlank()) {
            throw new Failure(Failure.USAGE, "A server's name is a word such as \"work\", not \"" + name + "\".");
        }
        servers().stream()
                .filter(server -> server.name().equalsIgnoreCase(name)
                        && !server.address().equals(address))
                .findFirst()
                .ifPresent(other -> {
                    throw new Failure(
                            Failure.USAGE,
                            "\"" + name + "\" already names " + other.address() + "; choose another name.");
                });
    }

    private JsonObject storedServers() {
        return Optional.ofNullable(content.getJsonObject("servers")).orElse(JsonValue.EMPTY_JSON_OBJECT);
    }

    private void save() {
        try {
            OwnerOnlyFiles.write(file, content.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file, e);
        }
    }

    /**
     * {@code http://host:port} without a trailing slash, the scheme and host in lower case (they
     * ignore case, a path does not): one entry per server however it is typed.
     */
    static String normalized(String server) {
        String address = server.strip().replaceAll("/+$", "");
        Matcher parts = SCHEME_AND_HOST.matcher(address);
        return parts.lookingAt() ? parts.group().toLowerCase(Locale.ROOT) + address.substring(parts.end()) : address;
    }

    /** The scheme and the host of an address, up to its port or its path. */
    private static final Pattern SCHEME_AND_HOST = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://[^/:?#@]*(?=[:/?#]|$)");
}
