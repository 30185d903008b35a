package io.snippetstore.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;

/**
 * Snippets written for other tools (docs/CLI.md, "Taking snippets out"): a VS Code
 * {@code .code-snippets} file, whose variables become VS Code's placeholders, and one Markdown
 * document for a wiki.
 */
final class SnippetFiles {

    /** A placeholder of docs/API.md's "Variables": a name, then a default or choices, then a quoting suffix. */
    private static final Pattern VARIABLE =
            Pattern.compile("\\{\\{([A-Za-z_][A-Za-z0-9_.-]{0,63})(?::(.*?)|((?:\\|.*?)+?))?(?:!(?:sh|ps|url))?}}");

    /** This service's language names that VS Code calls otherwise. */
    private static final Map<String, String> VS_CODE_LANGUAGES = Map.of(
            "bash", "shellscript", "sh", "shellscript", "text", "plaintext", "js", "javascript", "ts", "typescript");

    private SnippetFiles() {}

    /** The snippets as one {@code .code-snippets} file: a snippet each, named by its title. */
    static JsonObject vsCode(List<JsonObject> snippets) {
        Map<String, JsonObject> named = new LinkedHashMap<>();
        for (JsonObject snippet : snippets) {
            String title = snippet.getString("title");
            String name = title;
            for (int n = 2; named.containsKey(name); n++) {
                name = title + " (" + n + ")";
            }
            JsonObjectBuilder entry = Json.createObjectBuilder()
                    .add("prefix", Json.createArrayBuilder(prefixes(snippet)))
                    .add(
                            "body",
                            Json.createArrayBuilder(
                                    body(snippet.getString("code")).lines().toList()));
            String description = snippet.get("description") instanceof JsonString text ? text.getString() : "";
            if (!description.isBlank()) {
                entry.add("description", description);
            }
            String language = snippet.getString("language", "text").toLowerCase(Locale.ROOT);
            entry.add("scope", VS_CODE_LANGUAGES.getOrDefault(language, language));
            named.put(name, entry.build());
        }
        JsonObjectBuilder file = Json.createObjectBuilder();
        named.forEach(file::add);
        return file.build();
    }

    /** The prefixes a VS Code import kept in the notes, else the title as one word: "drain-a-node". */
    private static List<String> prefixes(JsonObject snippet) {
        String notes = snippet.get("notes") instanceof JsonString text ? text.getString() : "";
        for (String line : notes.lines().toList()) {
            if (line.startsWith("VS Code prefix: ")) {
                return List.of(line.substring("VS Code prefix: ".length()).split(",\\s*"));
            }
        }
        String slug = snippet.getString("title")
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}]+", "-")
                .replaceAll("^-|-$", "");
        return List.of(slug.isEmpty() ? "snippet" : slug);
    }

    /**
     * A code as a VS Code body: each variable a numbered placeholder in the order of its first
     * placeholder ({@code {{name}}} {@code ${1:name}}, a default {@code ${1:default}}, choices {@code
     * ${1|a,b|}}), its later ones {@code $1}; a doubled double brace a literal one; a dollar sign,
     * a closing brace and a backslash escaped, as VS Code reads them.
     */
    static String body(String code) {
        Map<String, Integer> numbers = new HashMap<>();
        Set<String> declared = new HashSet<>();
        StringBuilder body = new StringBuilder(code.length());
        int at = 0;
        while (at < code.length()) {
            if (code.startsWith("{{{{", at)) {
                body.append("{{");
                at += 4;
                continue;
            }
            Matcher variable = VARIABLE.matcher(code).region(at, code.length());
            if (code.startsWith("{{", at) && variable.lookingAt()) {
                String name = variable.group(1);
                int number = numbers.computeIfAbsent(name, ignored -> numbers.size() + 1);
                String defaultValue = variable.group(2);
                String choices = variable.group(3);
                if (!declared.add(name) && defaultValue == null && choices == null) {
                    body.append('$').append(number);
                } else if (choices != null) {
                    List<String> each = new ArrayList<>();
                    for (String choice : choices.substring(1).split("\\|", -1)) {
                        each.add(escape(choice).replace(",", "\\,").replace("|", "\\|"));
                    }
                    body.append("${")
                            .append(number)
                            .append('|')
                            .append(String.join(",", each))
                            .append("|}");
                } else {
                    body.append("${")
                            .append(number)
                            .append(':')
                            .append(escape(defaultValue == null ? name : defaultValue))
                            .append('}');
                }
                at = variable.end();
                continue;
            }
            body.append(escape(String.valueOf(code.charAt(at))));
            at++;
        }
        return body.toString();
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("$", "\\$").replace("}", "\\}");
    }

    /** The snippets as one Markdown document: a section each, its code fenced in its language. */
    static String markdown(String heading, List<JsonObject> snippets) {
        StringBuilder document = new StringBuilder("# ").append(heading).append("\n");
        for (JsonObject snippet : snippets) {
            document.append("\n## ")
                    .append(snippet.getString("title").replace("\n", " "))
                    .append("\n\n");
            if (snippet.get("description") instanceof JsonString description
                    && !description.getString().isBlank()) {
                document.append(description.getString().strip()).append("\n\n");
            }
            List<String> tags = snippet.getJsonArray("tags") == null
                    ? List.of()
                    : snippet.getJsonArray("tags").getValuesAs(JsonString.class).stream()
                            .map(tag -> "`" + tag.getString() + "`")
                            .toList();
            if (!tags.isEmpty()) {
                document.append("Tags: ").append(String.join(", ", tags)).append("\n\n");
            }
            String code = snippet.getString("code");
            String fence = "`".repeat(Math.max(3, longestRun(code, '`') + 1));
            document.append(fence)
                    .append(snippet.getString("language", ""))
                    .append('\n')
                    .append(code)
                    .append(code.endsWith("\n") ? "" : "\n")
                    .append(fence)
                    .append('\n');
            if (snippet.get("notes") instanceof JsonString notes
                    && !notes.getString().isBlank()) {
                document.append('\n').append(notes.getString().strip()).append('\n');
            }
        }
        return document.toString();
    }

    private static int longestRun(String text, char c) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == c ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
