package io.snippetstore.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** A page module exports only what another module or page uses: the rest stays inside its module. */
class ScriptExportsTest {

    private static final Path WEBAPP = Path.of("src/main/webapp");
    private static final Pattern EXPORT =
            Pattern.compile("^export (?:async )?(?:function\\*?|const|let|class) ([A-Za-z0-9_$]+)", Pattern.MULTILINE);

    @Test
    void everyExportedNameIsUsedOutsideItsModule() throws IOException {
        Map<Path, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(WEBAPP)) {
            files.filter(file ->
                            file.toString().endsWith(".js") || file.toString().endsWith(".html"))
                    .forEach(file -> sources.put(file, read(file)));
        }
        Map<String, List<String>> unused = new TreeMap<>();
        sources.forEach((module, text) -> EXPORT.matcher(text)
                .results()
                .map(match -> match.group(1))
                .filter(name -> sources.entrySet().stream()
                        .noneMatch(other -> !other.getKey().equals(module)
                                && Pattern.compile("\\b" + Pattern.quote(name) + "\\b")
                                        .matcher(other.getValue())
                                        .find()))
                .forEach(
                        name -> unused.computeIfAbsent(WEBAPP.relativize(module).toString(), any -> new ArrayList<>())
                                .add(name)));

        assertEquals(Map.of(), unused, "exports no other module or page uses");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
