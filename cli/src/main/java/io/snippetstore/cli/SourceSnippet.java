package io.snippetstore.cli;

import java.util.List;
import java.util.Optional;

/**
 * One snippet as another tool keeps it (a gist, a ByteStash snippet, a VS Code snippet), before
 * this service's field rules are applied ({@link MigrationPlan}).
 *
 * @param address where the source keeps it: its web address, or a file's with the snippet's name;
 *     kept in the notes, it is how a later run knows the snippet came in already
 * @param notes what the source says beyond the other fields (a VS Code prefix), or empty
 */
record SourceSnippet(
        String address,
        String title,
        String description,
        String notes,
        List<SourceFile> files,
        List<String> tags,
        Exposure exposure) {

    /** Who the source let read it. */
    enum Exposure {
        /** Listed for everyone (a public gist, a public ByteStash snippet). */
        PUBLIC,
        /** Readable by anyone with its address, not listed (a secret gist, an unlisted Opengist gist). */
        UNLISTED,
        /** Its owner only. */
        PRIVATE
    }

    /** A file of it: its name, the language the source says it is in (if it says), its text. */
    record SourceFile(String name, Optional<String> language, String content) {}
}
