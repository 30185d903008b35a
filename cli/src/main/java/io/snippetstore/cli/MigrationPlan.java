package io.snippetstore.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How a {@link SourceSnippet} becomes a snippet of this service (docs/CLI.md, "Moving in"): the
 * first file that fits is the code and the others are its attachments, so that one gist or
 * ByteStash snippet stays one thing with one history; every field is fitted to its rule (cut at
 * its length, a tag lower-cased and without commas) rather than refused, so that an import never
 * stops at one odd source; the source's address ends the notes, where a later run finds it.
 */
final class MigrationPlan {

    /** The field rules of docs/API.md ("Snippets"), in Unicode code points unless said. */
    static final int TITLE_MAX = 200;

    static final int DESCRIPTION_MAX = 2_000;
    static final int NOTES_MAX = 20_000;
    static final int LANGUAGE_MAX = 64;
    static final int TAG_MAX = 50;
    static final int TAGS_MAX = 32;
    /** {@code SNIPPETS_MAX_CODE_BYTES}' default, in UTF-8 bytes: a larger file is attached instead. */
    static final int CODE_MAX_BYTES = 1024 * 1024;

    /** The line that ends an imported snippet's notes, before its source's address. */
    static final String SOURCE_LINE = "Imported from ";

    /** The code of a snippet whose source has no file that can be its code. */
    static final String NO_CODE = "(no code in the source: see the attachments)";

    /** The language of a file whose language neither the source nor its name says. */
    static final String PLAIN_TEXT = "text";

    /** Languages' names in the sources that are not this service's. */
    private static final Map<String, String> LANGUAGE_NAMES =
            Map.of("plaintext", PLAIN_TEXT, "plain text", PLAIN_TEXT, "shell", "bash", "shellscript", "bash");

    /** A snippet ready to be written: the fields of the archive's snippet document. */
    record Planned(
            String address,
            String title,
            String description,
            String notes,
            String language,
            String code,
            List<String> tags,
            String visibility,
            List<SourceSnippet.SourceFile> attachments) {}

    /** What the user chose: the visibility for each of the source's, and tags for every snippet. */
    record Choices(Map<SourceSnippet.Exposure, String> visibility, List<String> extraTags) {}

    private MigrationPlan() {}

    static Planned plan(SourceSnippet source, Choices choices) {
        List<SourceSnippet.SourceFile> attachments = new ArrayList<>(source.files());
        Optional<SourceSnippet.SourceFile> main = attachments.stream()
                .filter(file -> !file.content().isEmpty()
                        && file.content().getBytes(StandardCharsets.UTF_8).length <= CODE_MAX_BYTES)
                .findFirst();
        main.ifPresent(attachments::remove);
        String title = firstLine(source.title())
                .or(() -> main.map(SourceSnippet.SourceFile::name).flatMap(MigrationPlan::firstLine))
                .or(() -> attachments.stream()
                        .findFirst()
                        .map(SourceSnippet.SourceFile::name)
                        .flatMap(MigrationPlan::firstLine))
                .orElse("Untitled");
        String description =
                source.description() == null ? "" : source.description().strip();
        if (description.equals(title.strip())) {
            description = "";
        }
        List<String> tags = new ArrayList<>(source.tags());
        tags.addAll(choices.extraTags());
        return new Planned(
                source.address(),
                cut(title, TITLE_MAX),
                cut(description, DESCRIPTION_MAX),
                notes(source),
                main.map(MigrationPlan::language).orElse(PLAIN_TEXT),
                main.map(SourceSnippet.SourceFile::content).orElse(NO_CODE),
                tags(tags),
                choices.visibility().get(source.exposure()),
                List.copyOf(attachments));
    }

    /** The source's own notes, cut so that the line naming the source always fits after them. */
    private static String notes(SourceSnippet source) {
        String sourceLine = SOURCE_LINE + source.address();
        String own = source.notes() == null ? "" : source.notes().strip();
        if (own.isEmpty()) {
            return cut(sourceLine, NOTES_MAX);
        }
        return cut(own, Math.max(0, NOTES_MAX - sourceLine.codePointCount(0, sourceLine.length()) - 2))
                + "\n\n"
                + sourceLine;
    }

    /** The address a snippet's notes say it was imported from, if they say. */
    static Optional<String> sourceOf(String notes) {
        if (notes == null) {
            return Optional.empty();
        }
        List<String> lines = notes.strip().lines().toList();
        if (lines.isEmpty() || !lines.get(lines.size() - 1).startsWith(SOURCE_LINE)) {
            return Optional.empty();
        }
        return Optional.of(
                lines.get(lines.size() - 1).substring(SOURCE_LINE.length()).strip());
    }

    private static String language(SourceSnippet.SourceFile file) {
        String named = file.language()
                .map(language -> language.strip().toLowerCase(Locale.ROOT))
                .filter(language -> !language.isEmpty())
                .map(language -> LANGUAGE_NAMES.getOrDefault(language, language))
                .or(() -> Languages.ofFilename(file.name()))
                .orElse(PLAIN_TEXT);
        return cut(named, LANGUAGE_MAX);
    }

    /** Each tag as the service keeps it (trimmed, lower-cased, no comma, 1..50), each once, 32 at most. */
    static List<String> tags(List<String> given) {
        Set<String> tags = new LinkedHashSet<>();
        for (String tag : given) {
            String fitted = tag.replace(',', ' ').strip().toLowerCase(Locale.ROOT);
            if (fitted.codePointCount(0, fitted.length()) > TAG_MAX) {
                fitted = fitted.substring(0, fitted.offsetByCodePoints(0, TAG_MAX))
                        .strip();
            }
            if (!fitted.isEmpty() && tags.size() < TAGS_MAX) {
                tags.add(fitted);
            }
        }
        return List.copyOf(tags);
    }

    private static Optional<String> firstLine(String text) {
        return text == null
                ? Optional.empty()
                : text.strip()
                        .lines()
                        .map(String::strip)
                        .filter(line -> !line.isEmpty())
                        .findFirst();
    }

    /** At most {@code max} code points, ending in "…" when cut. */
    static String cut(String text, int max) {
        if (text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, max - 1)) + "…";
    }
}
