package io.snippetstore.placeholders.control;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.FieldError;

/**
 * A code read as literal text and placeholders (docs/API.md, "Variables"):
 * {@code {{name}}}, {@code {{name:default}}}, {@code {{name|choice|choice}}}, each optionally
 * ending in {@code !sh}, {@code !ps} or {@code !url}; <code>{{{{</code> is a literal <code>{{</code>.
 * Anything else is literal text, so a code without placeholders reads back unchanged. One pass,
 * linear in the code's length: the positions of the next <code>}}</code> and line end are kept, not
 * searched again for every <code>{{</code>.
 */
public final class CodeTemplate {

    /** The longest variable name: longer runs are literal text. */
    public static final int NAME_MAX = 64;
    /** The most characters between a placeholder's braces: a longer stretch is literal text (and the parse stays linear). */
    public static final int CONTENT_MAX = 1_024;
    /** The most characters a rendering answers: values repeated in a large code could otherwise make gigabytes. */
    public static final int RENDERED_MAX_CHARS = 4 * 1024 * 1024;

    private static final String OPEN = "{{";
    private static final String CLOSE = "}}";
    private static final String ESCAPED_OPEN = "{{{{";

    /** What stands from {@code start} to {@code end} of the code in place of its text: a placeholder, or (none) an escaped <code>{{</code>. */
    private record Replaced(int start, int end, Optional<Placeholder> placeholder) {}

    private final String code;
    /** In order; the code's text between them is literal. */
    private final List<Replaced> replaced;

    private final List<Placeholder> placeholders;

    private CodeTemplate(String code, List<Replaced> replaced, List<Placeholder> placeholders) {
        this.code = code;
        this.replaced = replaced;
        this.placeholders = placeholders;
    }

    public static CodeTemplate parse(String code) {
        List<Replaced> replaced = new ArrayList<>();
        List<Placeholder> placeholders = new ArrayList<>();
        int searchFrom = 0;
        int nextClose = -1;
        int nextLineEnd = -1;
        for (int at = code.indexOf(OPEN); at >= 0; at = code.indexOf(OPEN, searchFrom)) {
            if (code.startsWith(ESCAPED_OPEN, at)) {
                replaced.add(new Replaced(at, at + ESCAPED_OPEN.length(), Optional.empty()));
                searchFrom = at + ESCAPED_OPEN.length();
                continue;
            }
            int contentStart = at + OPEN.length();
            if (nextClose < contentStart && nextClose != Integer.MAX_VALUE) {
                int found = code.indexOf(CLOSE, contentStart);
                nextClose = found < 0 ? Integer.MAX_VALUE : found; // none: no placeholder closes after here
            }
            if (nextLineEnd < contentStart) {
                nextLineEnd = lineEnd(code, contentStart);
            }
            Optional<Placeholder> placeholder = nextClose < nextLineEnd && nextClose - contentStart <= CONTENT_MAX
                    ? placeholder(at, code.substring(contentStart, nextClose), nextClose + CLOSE.length())
                    : Optional.empty();
            if (placeholder.isPresent()) {
                replaced.add(new Replaced(at, placeholder.get().end(), placeholder));
                placeholders.add(placeholder.get());
                searchFrom = placeholder.get().end();
            } else {
                searchFrom = at + 1;
            }
        }
        return new CodeTemplate(code, List.copyOf(replaced), List.copyOf(placeholders));
    }

    private static int lineEnd(String code, int from) {
        for (int i = from; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '\n' || c == '\r') {
                return i;
            }
        }
        return code.length();
    }

    /** The placeholder a <code>{{…}}</code> on one line is, if its content is a name and a well-formed rest. */
    private static Optional<Placeholder> placeholder(int start, String content, int end) {
        int nameEnd = nameEnd(content);
        if (nameEnd == 0 || nameEnd > NAME_MAX) {
            return Optional.empty();
        }
        String name = content.substring(0, nameEnd);
        String rest = content.substring(nameEnd);
        Quoting quoting = Quoting.NONE;
        int bang = rest.lastIndexOf('!');
        if (bang >= 0) {
            Optional<Quoting> suffix = Quoting.fromSuffix(rest.substring(bang + 1));
            if (suffix.isPresent()) {
                quoting = suffix.get();
                rest = rest.substring(0, bang);
            }
        }
        if (rest.isEmpty()) {
            return Optional.of(new Placeholder(start, end, name, Optional.empty(), List.of(), quoting));
        }
        if (rest.charAt(0) == ':') {
            return Optional.of(new Placeholder(start, end, name, Optional.of(rest.substring(1)), List.of(), quoting));
        }
        if (rest.charAt(0) == '|') {
            List<String> choices = Arrays.asList(rest.substring(1).split("\\|", -1));
            return Optional.of(new Placeholder(start, end, name, Optional.empty(), List.copyOf(choices), quoting));
        }
        return Optional.empty();
    }

    /** The length of the name the content starts with: a letter or {@code _}, then letters, digits, {@code _ - .} (ASCII). */
    private static int nameEnd(String content) {
        int i = 0;
        while (i < content.length()) {
            char c = content.charAt(i);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            boolean more = (c >= '0' && c <= '9') || c == '-' || c == '.';
            if (!(letter || (i > 0 && more))) {
                break;
            }
            i++;
        }
        return i;
    }

    public List<Placeholder> placeholders() {
        return placeholders;
    }

    public boolean hasVariables() {
        return !placeholders.isEmpty();
    }

    /**
     * The variables in the order of their first placeholders. A variable's default and choices
     * are those of its first placeholder that declares any; a pick list's default is its first choice.
     */
    public List<Variable> variables() {
        Map<String, Placeholder> declaring = new LinkedHashMap<>();
        Map<String, Integer> occurrences = new LinkedHashMap<>();
        for (Placeholder placeholder : placeholders) {
            occurrences.merge(placeholder.name(), 1, Integer::sum);
            Placeholder known = declaring.get(placeholder.name());
            if (known == null || (!known.declaresValue() && placeholder.declaresValue())) {
                declaring.put(placeholder.name(), placeholder);
            }
        }
        return occurrences.entrySet().stream()
                .map(entry -> {
                    Placeholder declared = declaring.get(entry.getKey());
                    Optional<String> fallback = declared.defaultValue()
                            .or(() -> declared.choices().stream().findFirst());
                    return new Variable(entry.getKey(), fallback, declared.choices(), entry.getValue());
                })
                .toList();
    }

    /**
     * The code with every placeholder replaced by its variable's value (given, else its default),
     * quoted as the placeholder says, and every <code>{{{{</code> by <code>{{</code>. Values are inserted
     * as they are: a value holding a placeholder stays that text. {@code 400} naming each variable
     * without a value, each value outside its pick list, and each name that is no variable of the code.
     */
    public String render(Map<String, String> values) {
        List<Variable> variables = variables();
        Map<String, String> chosen = new LinkedHashMap<>();
        List<FieldError> problems = new ArrayList<>();
        for (Variable variable : variables) {
            Optional<String> value =
                    Optional.ofNullable(values.get(variable.name())).or(variable::defaultValue);
            if (value.isEmpty()) {
                problems.add(new FieldError(variable.name(), "needs a value: the variable has no default."));
            } else if (!variable.choices().isEmpty() && !variable.choices().contains(value.get())) {
                problems.add(new FieldError(
                        variable.name(), "must be one of " + String.join(", ", variable.choices()) + "."));
            } else {
                chosen.put(variable.name(), value.get());
            }
        }
        new TreeSet<>(values.keySet())
                .stream()
                        .filter(name -> variables.stream()
                                .noneMatch(variable -> variable.name().equals(name)))
                        .forEach(name -> problems.add(new FieldError(name, "is not a variable of this snippet.")));
        if (!problems.isEmpty()) {
            throw ApiException.badRequest(
                    "The values do not fill the snippet's variables: "
                            + String.join(
                                    "; ",
                                    problems.stream()
                                            .map(problem -> problem.field() + " " + problem.message())
                                            .toList()),
                    problems);
        }
        StringBuilder rendered = new StringBuilder(code.length());
        int literalFrom = 0;
        for (Replaced stretch : replaced) {
            rendered.append(code, literalFrom, stretch.start());
            rendered.append(stretch.placeholder()
                    .map(placeholder -> placeholder.quoting().quote(chosen.get(placeholder.name())))
                    .orElse(OPEN));
            literalFrom = stretch.end();
            if (rendered.length() > RENDERED_MAX_CHARS) {
                throw ApiException.badRequest(
                        "The rendered code would be longer than " + RENDERED_MAX_CHARS + " characters.");
            }
        }
        return rendered.append(code, literalFrom, code.length()).toString();
    }
}
