package io.snippetstore.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

/**
 * Languages' names: every name one goes by, for {@code search --lang} (from the table the web
 * interface's language filter reads, {@code language-names.json}), and a snippet's language guessed
 * from a file's name, for {@code snippets new FILE} without {@code --lang}.
 */
final class Languages {

    /** The other names of each language, by its key; the web interface's {@code js/language-names.json}. */
    private static final String NAMES_TABLE = "language-names.json";

    /** Whole file names that say their language without an extension. */
    private static final Map<String, String> BY_NAME = Map.of(
            "dockerfile",
            "dockerfile",
            "containerfile",
            "dockerfile",
            "makefile",
            "makefile",
            "jenkinsfile",
            "groovy",
            "vagrantfile",
            "ruby",
            "gemfile",
            "ruby",
            "rakefile",
            "ruby");

    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            Map.entry("sh", "bash"),
            Map.entry("bash", "bash"),
            Map.entry("zsh", "bash"),
            Map.entry("ps1", "powershell"),
            Map.entry("py", "python"),
            Map.entry("rb", "ruby"),
            Map.entry("pl", "perl"),
            Map.entry("php", "php"),
            Map.entry("lua", "lua"),
            Map.entry("js", "javascript"),
            Map.entry("mjs", "javascript"),
            Map.entry("ts", "typescript"),
            Map.entry("jsx", "javascript"),
            Map.entry("tsx", "typescript"),
            Map.entry("vue", "vue"),
            Map.entry("html", "html"),
            Map.entry("htm", "html"),
            Map.entry("css", "css"),
            Map.entry("scss", "scss"),
            Map.entry("java", "java"),
            Map.entry("kt", "kotlin"),
            Map.entry("kts", "kotlin"),
            Map.entry("groovy", "groovy"),
            Map.entry("gradle", "groovy"),
            Map.entry("scala", "scala"),
            Map.entry("go", "go"),
            Map.entry("rs", "rust"),
            Map.entry("c", "c"),
            Map.entry("h", "c"),
            Map.entry("cpp", "cpp"),
            Map.entry("cc", "cpp"),
            Map.entry("hpp", "cpp"),
            Map.entry("cs", "csharp"),
            Map.entry("swift", "swift"),
            Map.entry("sql", "sql"),
            Map.entry("json", "json"),
            Map.entry("yaml", "yaml"),
            Map.entry("yml", "yaml"),
            Map.entry("toml", "toml"),
            Map.entry("ini", "ini"),
            Map.entry("xml", "xml"),
            Map.entry("md", "markdown"),
            Map.entry("tf", "hcl"),
            Map.entry("hcl", "hcl"),
            Map.entry("proto", "protobuf"),
            Map.entry("conf", "nginx"),
            Map.entry("diff", "diff"),
            Map.entry("patch", "diff"),
            Map.entry("txt", "text"),
            Map.entry("r", "r"));

    private Languages() {}

    /**
     * Every name the language {@code given} goes by, {@code given} first as typed, then its key and
     * its other names in lower case: {@code sh} is {@code sh}, {@code bash} and {@code zsh}. Just
     * {@code given} for a language the table does not name.
     */
    static List<String> names(String given) {
        String wanted = given.strip();
        String typed = wanted.toLowerCase(Locale.ROOT);
        Set<String> names = new LinkedHashSet<>(List.of(wanted));
        table().forEach((language, others) -> {
            List<String> aliases = others.asJsonArray().getValuesAs(JsonString::getString);
            if (language.equals(typed) || aliases.contains(typed)) {
                names.add(language);
                names.addAll(aliases);
            }
        });
        return List.copyOf(names);
    }

    private static JsonObject table() {
        try (InputStream table = Languages.class.getResourceAsStream(NAMES_TABLE)) {
            if (table == null) {
                throw new IllegalStateException("the client is built without " + NAMES_TABLE);
            }
            return Json.createReader(table).readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The language a file of this name is most likely written in, if its name or extension says so. */
    static Optional<String> ofFilename(String filename) {
        String name = filename.toLowerCase(Locale.ROOT);
        if (BY_NAME.containsKey(name)) {
            return Optional.of(BY_NAME.get(name));
        }
        int dot = name.lastIndexOf('.');
        return dot < 0 ? Optional.empty() : Optional.ofNullable(BY_EXTENSION.get(name.substring(dot + 1)));
    }
}
