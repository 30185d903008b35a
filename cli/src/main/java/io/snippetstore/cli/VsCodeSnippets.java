package io.snippetstore.cli;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * VS Code's snippet files (docs/CLI.md, "Moving in"): a {@code *.code-snippets} file or a
 * language's {@code <language>.json}, JSON with comments and trailing commas as VS Code writes
 * them; each snippet's {@code body} becomes the code, its tab stops and placeholders this
 * service's variables where they mean the same ({@link #template}).
 */
final class VsCodeSnippets {

    /** A name this service takes for a variable (docs/API.md, "Variables"). */
    private static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]{0,63}");

    private static final Pattern TAB_STOP = Pattern.compile("\\$(\\d+)|\\$\\{(\\d+)}");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(\\d+):((?:[^$}\\\\]|\\\\.)*)}");
    private static final Pattern CHOICE = Pattern.compile("\\$\\{(\\d+)\\|((?:[^|\\\\]|\\\\.)*)\\|}");

    private VsCodeSnippets() {}

    /** The snippets of one file, in its order. */
    static List<SourceSnippet> read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw Failure.of(e);
        }
        JsonValue parsed;
        try (JsonReader reader = Json.createReader(new StringReader(withoutComments(text)))) {
            parsed = reader.readValue();
        } catch (JsonException | IllegalStateException e) {
            throw new Failure(
                    Failure.INVALID_INPUT, file + " is not valid JSON (nor JSON with comments, as VS Code reads).");
        }
        if (!(parsed instanceof JsonObject snippets)) {
            throw new Failure(
                    Failure.INVALID_INPUT, file + " is not a VS Code snippets file: it holds no object of snippets.");
        }
        String fileName = file.getFileName().toString();
        Optional<String> fileLanguage = fileName.endsWith(".json")
                ? Optional.of(fileName.substring(0, fileName.length() - ".json".length())
                        .toLowerCase(Locale.ROOT))
                : Optional.empty();
        String address = file.toAbsolutePath().normalize().toUri().toString();
        List<SourceSnippet> read = new ArrayList<>();
        for (Map.Entry<String, JsonValue> entry : snippets.entrySet()) {
            if (!(entry.getValue() instanceof JsonObject snippet) || !snippet.containsKey("body")) {
                throw new Failure(
                        Failure.INVALID_INPUT,
                        file + ": \"" + entry.getKey() + "\" is not a snippet (an object with a body).");
            }
            Optional<String> language = fileLanguage.or(() -> lines(snippet.get("scope"))
                    .flatMap(scope -> List.of(scope.split(",")).stream()
                            .map(String::strip)
                            .filter(name -> !name.isEmpty())
                            .findFirst()));
            String body = lines(snippet.get("body")).orElse("");
            String prefixes = prefixes(snippet.get("prefix"));
            read.add(new SourceSnippet(
                    address + "#" + java.net.URLEncoder.encode(entry.getKey(), StandardCharsets.UTF_8),
                    entry.getKey(),
                    lines(snippet.get("description")).orElse(""),
                    prefixes.isEmpty() ? "" : "VS Code prefix: " + prefixes,
                    List.of(new SourceSnippet.SourceFile(
                            entry.getKey(), Optional.of(language.orElse(MigrationPlan.PLAIN_TEXT)), template(body))),
                    List.of(),
                    SourceSnippet.Exposure.PRIVATE));
        }
        return read;
    }

    /** A string, or an array of strings as lines (VS Code's body and description take both). */
    private static Optional<String> lines(JsonValue value) {
        if (value instanceof JsonString text) {
            return Optional.of(text.getString());
        }
        if (value instanceof JsonArray array) {
            List<String> lines = new ArrayList<>();
            for (JsonValue line : array) {
                lines.add(line instanceof JsonString text ? text.getString() : line.toString());
            }
            return Optional.of(String.join("\n", lines));
        }
        return Optional.empty();
    }

    private static String prefixes(JsonValue value) {
        return lines(value)
                .map(text -> String.join(", ", text.lines().toList()))
                .orElse("");
    }

    /**
     * A snippet body as this service's code: {@code ${1:name}} (a placeholder whose text is a
     * variable's name) becomes {@code {{name}}}; {@code ${1:text}} with any other text {@code
     * {{arg1:text}}} (the text its default); {@code ${1|a,b|}} {@code {{arg1|a|b}}}; {@code $1} and
     * {@code ${1}} the variable its number declares elsewhere, else {@code {{arg1}}}; {@code $0}
     * (where the cursor ends) nothing. Editor variables ({@code $TM_FILENAME}), transforms and
     * nested placeholders mean nothing here and are kept as they are; an escaped {@code \$} or
     * {@code \}} becomes the character; a literal double brace before a letter is doubled, so
     * that it stays text.
     */
    static String template(String body) {
        Map<String, String> names = new HashMap<>();
        Map<String, String> declarations = new HashMap<>();
        Matcher choice = CHOICE.matcher(body);
        while (choice.find()) {
            String number = choice.group(1);
            List<String> choices = List.of(unescape(choice.group(2)).split(",", -1));
            if (!number.equals("0") && choices.stream().allMatch(VsCodeSnippets::fitsVariable)) {
                names.putIfAbsent(number, "arg" + number);
                declarations.putIfAbsent(number, "|" + String.join("|", choices));
            }
        }
        Matcher placeholder = PLACEHOLDER.matcher(body);
        while (placeholder.find()) {
            String number = placeholder.group(1);
            String text = unescape(placeholder.group(2));
            if (number.equals("0") || names.containsKey(number) || !fitsVariable(text)) {
                continue;
            }
            if (VARIABLE_NAME.matcher(text).matches()) {
                names.put(number, text);
                declarations.put(number, "");
            } else {
                names.put(number, "arg" + number);
                declarations.put(number, ":" + text);
            }
        }
        StringBuilder code = new StringBuilder(body.length());
        java.util.Set<String> declared = new java.util.HashSet<>();
        int at = 0;
        while (at < body.length()) {
            char c = body.charAt(at);
            if (c == '\\' && at + 1 < body.length() && "$}\\".indexOf(body.charAt(at + 1)) >= 0) {
                code.append(body.charAt(at + 1));
                at += 2;
                continue;
            }
            if (c == '{' && body.startsWith("{{", at)) {
                boolean couldBeVariable = at + 2 < body.length()
                        && (Character.isLetter(body.charAt(at + 2)) || body.charAt(at + 2) == '_');
                code.append(couldBeVariable ? "{{{{" : "{{");
                at += 2;
                continue;
            }
            if (c == '$') {
                int from = at;
                Optional<Matcher> matched = matchAt(body, from, TAB_STOP)
                        .or(() -> matchAt(body, from, PLACEHOLDER))
                        .or(() -> matchAt(body, from, CHOICE));
                if (matched.isPresent()) {
                    Matcher stop = matched.get();
                    String number = stop.group(1) != null ? stop.group(1) : stop.group(2);
                    if (number.equals("0")) {
                        at = stop.end();
                        continue;
                    }
                    boolean declaring = stop.pattern() != TAB_STOP;
                    String name = names.get(number);
                    if (name == null && declaring) {
                        // a placeholder whose text cannot be a variable's: kept as it is
                        code.append(body, at, stop.end());
                    } else {
                        String variable = name == null ? "arg" + number : name;
                        String declaration = declared.add(number) ? declarations.getOrDefault(number, "") : "";
                        code.append("{{").append(variable).append(declaration).append("}}");
                    }
                    at = stop.end();
                    continue;
                }
            }
            code.append(c);
            at++;
        }
        return code.toString();
    }

    private static Optional<Matcher> matchAt(String body, int at, Pattern pattern) {
        Matcher matcher = pattern.matcher(body).region(at, body.length());
        return matcher.lookingAt() ? Optional.of(matcher) : Optional.empty();
    }

    /** Whether a default or a choice can stand in a variable: one line, no {@code }}} nor {@code |}, no quoting suffix. */
    private static boolean fitsVariable(String text) {
        return !text.contains("\n")
                && !text.contains("}}")
                && !text.contains("|")
                && !text.contains("{{")
                && !text.endsWith("}")
                && !text.endsWith("!sh")
                && !text.endsWith("!ps")
                && !text.endsWith("!url")
                && text.length() <= 900;
    }

    private static String unescape(String text) {
        return text.replaceAll("\\\\([$}\\\\,|])", "$1");
    }

    /** JSON with VS Code's comments ({@code //}, {@code /* *}{@code /}) and trailing commas made plain JSON. */
    static String withoutComments(String text) {
        StringBuilder plain = new StringBuilder(text.length());
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                plain.append(c);
                if (c == '\\' && i + 1 < text.length()) {
                    plain.append(text.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
                plain.append(c);
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
                plain.append('\n');
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 1;
                plain.append(' ');
            } else if (c == ',' && nextIsClosing(text, i + 1)) {
                plain.append(' ');
            } else {
                plain.append(c);
            }
        }
        return plain.toString();
    }

    /** Whether only whitespace and comments stand between {@code from} and a closing brace or bracket. */
    private static boolean nextIsClosing(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 1;
            } else if (!Character.isWhitespace(c)) {
                return c == '}' || c == ']';
            }
        }
        return false;
    }
}
