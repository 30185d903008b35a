package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
}
