package io.snippetstore.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The front-end libraries the pages load, checked against the advisories in front-end-advisories.tsv. */
class WebLibrariesTest {

    private static final Pattern LIBRARY =
            Pattern.compile("(?:src|href)=\"/(?:webjars|vendor)/([a-z.-]+)/(\\d+(?:\\.\\d+)*)/");

    private record Advisory(String library, String id, String fixedIn) {}

    private record Loaded(String page, String library, String version) {}

    @Test
    void noPageLoadsALibraryVersionWithAPublishedAdvisory() throws IOException {
        List<Advisory> advisories = advisories();
        List<Loaded> loaded = loadedByPages();
        assertEquals(
                Set.of("dompurify", "markdown-it", "highlightjs", "codemirror"),
                new TreeSet<>(loaded.stream().map(Loaded::library).toList()),
                "every library the pages load is listed here");

        for (Loaded library : loaded) {
            List<String> open = advisories.stream()
                    .filter(advisory -> advisory.library().equals(library.library())
                            && isBelow(library.version(), advisory.fixedIn()))
                    .map(advisory -> advisory.id() + " (fixed in " + advisory.fixedIn() + ")")
                    .toList();
            assertEquals(List.of(), open, library.page() + " loads " + library.library() + " " + library.version());
        }
    }

    @Test
    void theComparisonFlagsTheVersionsThePagesUsedToLoad() {
        assertTrue(isBelow("3.2.6", "3.3.2"));
        assertTrue(isBelow("14.1.0", "14.1.1"));
        assertTrue(isBelow("3.4.9", "3.4.11"), "numerically, not as text");
        assertFalse(isBelow("3.4.18", "3.4.13"));
        assertFalse(isBelow("14.3.3", "14.3.3"));
    }

    static boolean isBelow(String version, String fixedIn) {
        int[] have =
                Arrays.stream(version.split("\\.")).mapToInt(Integer::parseInt).toArray();
        int[] fixed =
                Arrays.stream(fixedIn.split("\\.")).mapToInt(Integer::parseInt).toArray();
        return Arrays.compare(have, fixed) < 0;
    }

    private static final List<String> PAGES = List.of(
            "index.html",
            "shared.html",
            "shared-collection.html",
            "login.html",
            "authorize.html",
            "device.html",
            "api-docs/index.html");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-z.-]+)}");

    @Test
    void thePagesTakeEveryLibrarysVersionFromTheBuild() throws IOException {
        Pattern typed = Pattern.compile("/(?:webjars|vendor)/[a-z.-]+/\\d");
        for (String page : PAGES) {
            String html = Files.readString(Path.of("src/main/webapp", page));
            assertFalse(typed.matcher(html).find(), page + " types a library's version instead of naming the build's");
            Matcher placeholder = PLACEHOLDER.matcher(html);
            while (placeholder.find()) {
                assertTrue(
                        buildProperty(placeholder.group(1)).isPresent(),
                        page + " names " + placeholder.group(1) + ", which the build does not define");
            }
        }
    }

    /** A property of the build (pom.xml), which the WAR's pages are filtered with. */
    private static java.util.Optional<String> buildProperty(String name) throws IOException {
        Matcher property = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</" + Pattern.quote(name) + ">")
                .matcher(Files.readString(Path.of("pom.xml")));
        return property.find() ? java.util.Optional.of(property.group(1)) : java.util.Optional.empty();
    }

    /** A page as the WAR serves it: the build's versions in place of their names. */
    private static String asServed(String page) throws IOException {
        Matcher placeholder = PLACEHOLDER.matcher(Files.readString(Path.of("src/main/webapp", page)));
        StringBuilder served = new StringBuilder();
        while (placeholder.find()) {
            placeholder.appendReplacement(
                    served,
                    Matcher.quoteReplacement(buildProperty(placeholder.group(1)).orElseThrow()));
        }
        return placeholder.appendTail(served).toString();
    }

    private static List<Loaded> loadedByPages() throws IOException {
        List<Loaded> loaded = new ArrayList<>();
        for (String page : PAGES) {
            Matcher matcher = LIBRARY.matcher(asServed(page));
            while (matcher.find()) {
                loaded.add(new Loaded(page, matcher.group(1), matcher.group(2)));
            }
        }
        return loaded;
    }

    private static List<Advisory> advisories() throws IOException {
        try (InputStream in = WebLibrariesTest.class.getResourceAsStream("/front-end-advisories.tsv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(line -> line.split("\t"))
                    .map(fields -> new Advisory(fields[0], fields[1], fields[2]))
                    .toList();
        }
    }
}
