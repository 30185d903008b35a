package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigTest {

    @TempDir
    Path home;

    @Test
    void theFileIsUnderXdgConfigHomeElseTheHomesConfig() {
        assertEquals(
                home.resolve("xdg/snippets/config.json"),
                Config.location(Map.of("XDG_CONFIG_HOME", home.resolve("xdg").toString(), "HOME", "/nowhere")));
        assertEquals(home.resolve(".config/snippets/config.json"), Config.location(Map.of("HOME", home.toString())));
    }

    @Test
    void aSignInIsKeptReadableByItsOwnerOnlyOnePerServer() throws IOException {
        Map<String, String> environment = Map.of("XDG_CONFIG_HOME", home.toString());
        Config config = Config.load(environment);

        config.remember("http://127.0.0.1:8080/", new Config.Login("sst_one", "id-1", "alice"));
        config.remember("https://snippets.example.org", new Config.Login("sst_two", "id-2", "bob"));

        Path file = home.resolve("snippets/config.json");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        Config again = Config.load(environment);
        assertEquals(Optional.of(new Config.Login("sst_one", "id-1", "alice")), again.login("http://127.0.0.1:8080"));
        assertEquals(
                "sst_two",
                again.login("https://snippets.example.org/").orElseThrow().token());
        assertEquals(
                "https://snippets.example.org",
                again.server(Optional.empty()),
                "the last server signed in to is the default");
        try (var files = Files.list(file.getParent())) {
            assertEquals(1, files.count(), "no temporary file is left beside it");
        }
    }

    @Test
    void forgettingAServerKeepsTheOthers() {
        Map<String, String> environment = Map.of("XDG_CONFIG_HOME", home.toString());
        Config config = Config.load(environment);
        config.remember("http://a:1", new Config.Login("sst_a", "a", "alice"));
        config.remember("http://b:2", new Config.Login("sst_b", "b", "bob"));

        config.forget("http://a:1");

        Config again = Config.load(environment);
        assertFalse(again.login("http://a:1").isPresent());
        assertTrue(again.login("http://b:2").isPresent());
    }

    @Test
    void theServerNamedWinsOverTheStoredDefaultWhichWinsOverTheLocalService() {
        Config empty = Config.load(Map.of("XDG_CONFIG_HOME", home.toString()));

        assertEquals(Config.DEFAULT_SERVER, empty.server(Optional.empty()));
        assertEquals("http://other:9", empty.server(Optional.of("http://other:9/")));
    }

    @Test
    void aServerIsNamedByItsHostUnlessGivenANameAndIsChosenByEither() {
        Map<String, String> environment = Map.of("XDG_CONFIG_HOME", home.toString());
        Config config = Config.load(environment);
        config.remember("https://snippets.example.org", new Config.Login("sst_w", "w", "alice"), Optional.of("work"));
        config.remember("http://127.0.0.1:8080", new Config.Login("sst_l", "l", "alice"));

        Config again = Config.load(environment);
        assertEquals(
                List.of(
                        new Config.Server("127.0.0.1:8080", "http://127.0.0.1:8080", "alice", true),
                        new Config.Server("work", "https://snippets.example.org", "alice", false)),
                again.servers());
        assertEquals("https://snippets.example.org", again.server(Optional.of("Work")));
        assertEquals("https://snippets.example.org", again.use("work"));
        assertEquals("https://snippets.example.org", Config.load(environment).server(Optional.empty()));
        assertEquals(
                Failure.USAGE,
                assertThrows(Failure.class, () -> again.use("home")).exitCode());
        assertEquals(
                Failure.USAGE,
                assertThrows(
                                Failure.class,
                                () -> again.remember(
                                        "http://other:1", new Config.Login("t", "i", "bob"), Optional.of("WORK")))
                        .exitCode(),
                "a name names one server");
    }

    @Test
    void forgettingTheDefaultServerMakesARemainingOneTheDefault() {
        Map<String, String> environment = Map.of("XDG_CONFIG_HOME", home.toString());
        Config config = Config.load(environment);
        config.remember("http://a:1", new Config.Login("sst_a", "a", "alice"));
        config.remember("http://b:2", new Config.Login("sst_b", "b", "bob"));

        config.forget("http://b:2");
        assertEquals("http://a:1", Config.load(environment).server(Optional.empty()));
        config.forget("http://a:1");
        assertEquals(Config.DEFAULT_SERVER, Config.load(environment).server(Optional.empty()));
    }

    @Test
    void aServersSchemeAndHostAreMatchedWithoutCaseItsPathWithIt() {
        assertEquals("https://snippets.example.org/Tools", Config.normalized(" HTTPS://Snippets.Example.ORG/Tools/ "));
        assertEquals("http://host:8080", Config.normalized("http://HOST:8080"));
    }

    @Test
    void snippetsConfigNamesTheFile() {
        assertEquals(
                home.resolve("elsewhere.json"),
                Config.location(
                        Map.of("SNIPPETS_CONFIG", home.resolve("elsewhere.json").toString(), "HOME", "/nowhere")));
    }

    @Test
    void aFileOthersMayReadIsRefusedNamingTheFix() throws IOException {
        Map<String, String> environment = Map.of("XDG_CONFIG_HOME", home.toString());
        Config.load(environment).remember("http://a:1", new Config.Login("sst_a", "a", "alice"));
        Path file = Config.location(environment);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        Failure refused = assertThrows(Failure.class, () -> Config.load(environment));

        assertEquals(Failure.USAGE, refused.exitCode());
        assertTrue(refused.getMessage().contains("chmod 600 " + file), refused.getMessage());
    }
}
