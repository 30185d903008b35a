package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** How another tool's snippet is fitted to this service's field rules (docs/CLI.md, "Moving in"). */
class MigrationPlanTest {

    private static final MigrationPlan.Choices CHOICES = new MigrationPlan.Choices(
            Map.of(
                    SourceSnippet.Exposure.PUBLIC, "team",
                    SourceSnippet.Exposure.UNLISTED, "link",
                    SourceSnippet.Exposure.PRIVATE, "private"),
            List.of());

    private static SourceSnippet.SourceFile file(String name, String content) {
        return new SourceSnippet.SourceFile(name, Optional.empty(), content);
    }

    private static SourceSnippet source(
            String title, String description, String notes, List<SourceSnippet.SourceFile> files, List<String> tags) {
        return new SourceSnippet(
                "https://gist.example/x", title, description, notes, files, tags, SourceSnippet.Exposure.UNLISTED);
    }

    @Test
    void aFileLargerThanTheCodeLimitIsAttachedAndTheFirstThatFitsIsTheCode() {
        String huge = "x".repeat(MigrationPlan.CODE_MAX_BYTES + 1);
        MigrationPlan.Planned planned = MigrationPlan.plan(
                source(
                        "",
                        "",
                        "",
                        List.of(file("dump.sql", huge), file("", ""), file("load.py", "import x")),
                        List.of()),
                CHOICES);

        assertEquals("import x", planned.code());
        assertEquals("python", planned.language(), "from the extension, as the source says none");
        assertEquals("load.py", planned.title(), "no title: the code's file name");
        assertEquals(
                List.of("dump.sql", ""),
                planned.attachments().stream()
                        .map(SourceSnippet.SourceFile::name)
                        .toList());
        assertEquals("link", planned.visibility());
    }

    @Test
    void aSnippetWithoutAnyFileThatCanBeCodeSaysSoAndIsNamedAfterItsFirstFile() {
        MigrationPlan.Planned planned =
                MigrationPlan.plan(source(" ", null, null, List.of(file("empty.txt", "")), List.of()), CHOICES);

        assertEquals(MigrationPlan.NO_CODE, planned.code());
        assertEquals(MigrationPlan.PLAIN_TEXT, planned.language());
        assertEquals("empty.txt", planned.title());
        assertEquals("", planned.description());
    }

    @Test
    void longFieldsAreCutAtTheirRulesWithTheSourceLineKeptAtTheEndOfTheNotes() {
        String title = "é".repeat(300);
        MigrationPlan.Planned planned = MigrationPlan.plan(
                source(title, "d".repeat(3000), "n".repeat(30_000), List.of(file("a.txt", "a")), List.of()), CHOICES);

        assertEquals(
                MigrationPlan.TITLE_MAX,
                planned.title().codePointCount(0, planned.title().length()));
        assertTrue(planned.title().endsWith("…"));
        assertEquals(MigrationPlan.DESCRIPTION_MAX, planned.description().length());
        assertTrue(planned.notes().length() <= MigrationPlan.NOTES_MAX);
        assertEquals(Optional.of("https://gist.example/x"), MigrationPlan.sourceOf(planned.notes()));
    }

    @Test
    void aDescriptionThatIsTheTitleIsNotRepeated() {
        MigrationPlan.Planned planned =
                MigrationPlan.plan(source("Backup", " Backup ", "", List.of(file("b.sh", "tar")), List.of()), CHOICES);

        assertEquals("", planned.description());
        assertEquals("Imported from https://gist.example/x", planned.notes());
    }

    @Test
    void tagsAreLowerCasedWithoutCommasEachOnceCutAtFiftyAndAtMostThirtyTwo() {
        List<String> many = new ArrayList<>(List.of("Ops", "ops", "a,b", "  ", "t".repeat(60)));
        for (int i = 0; i < 40; i++) {
            many.add("tag" + i);
        }

        List<String> tags = MigrationPlan.tags(many);

        assertEquals(MigrationPlan.TAGS_MAX, tags.size());
        assertEquals(List.of("ops", "a b", "t".repeat(50), "tag0"), tags.subList(0, 4));
    }

    @Test
    void notesWithoutTheSourceLineAtTheEndNameNoSource() {
        assertEquals(Optional.empty(), MigrationPlan.sourceOf("Imported from x\nthen edited"));
        assertEquals(Optional.empty(), MigrationPlan.sourceOf(null));
        assertEquals(Optional.of("file:///a#b"), MigrationPlan.sourceOf("mine\n\nImported from file:///a#b\n"));
    }
}
