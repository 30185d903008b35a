package io.snippetstore.platform;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Every setting of {@link Settings} has its row in docs/configuration.md, showing its default. */
class SettingsDocumentedTest {

    @Test
    void everySettingHasARowInTheConfigurationPageWithItsDefault() throws IOException, IllegalAccessException {
        List<String> rows = Files.readAllLines(Path.of("docs/configuration.md"), StandardCharsets.UTF_8).stream()
                .filter(line -> line.startsWith("|"))
                .toList();
        int checked = 0;
        for (Field field : Settings.class.getFields()) {
            if (!Modifier.isStatic(field.getModifiers())
                    || field.getType() != String.class
                    || field.getName().endsWith("_DEFAULT")) {
                continue;
            }
            String name = (String) field.get(null);
            List<String> naming =
                    rows.stream().filter(row -> row.contains("`" + name + "`")).toList();
            assertTrue(!naming.isEmpty(), () -> name + " has no row in docs/configuration.md");
            Optional<String> defaultValue = defaultOf(field.getName());
            defaultValue.ifPresent(value -> assertTrue(
                    naming.stream().anyMatch(row -> row.contains("`" + value + "`")),
                    () -> name + "'s row does not show its default `" + value + "`"));
            checked++;
        }
        assertTrue(checked > 30, "only " + checked + " settings found");
    }

    private static Optional<String> defaultOf(String constant) throws IllegalAccessException {
        try {
            return Optional.of(
                    (String) Settings.class.getField(constant + "_DEFAULT").get(null));
        } catch (NoSuchFieldException e) {
            return Optional.empty();
        }
    }
}
