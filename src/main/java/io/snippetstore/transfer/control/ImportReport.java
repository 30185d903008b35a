package io.snippetstore.transfer.control;

import java.util.List;

/**
 * What an import created (each snippet's new id beside its id in the archive), and what it found
 * already here: the importer's snippets with the same title and code, each skipped, updated (with
 * its version before, to go back to) or kept beside the new one. A dry run ({@code dryRun}) says
 * what the archive holds and what it would do, and has created nothing.
 */
public record ImportReport(
        int snippetsCreated,
        int attachmentsCreated,
        List<Imported> snippets,
        boolean dryRun,
        int snippetsInArchive,
        int attachmentsInArchive,
        int collectionsInArchive,
        List<Duplicate> duplicates) {

    public record Imported(String sourceId, String id, String title, int attachments) {}

    /** A snippet of the archive that the importer has already, and what the import does with it ({@code skipped}, {@code updated}, {@code kept}). */
    public record Duplicate(String sourceId, String id, String title, String action, Long versionBefore) {}
}
