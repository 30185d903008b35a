package io.snippetstore.transfer.control;

import java.util.List;
import java.util.Optional;

import io.snippetstore.snippets.control.HistoricVersion;
import io.snippetstore.snippets.control.SnippetInput;

/**
 * A snippet as an archive holds it, checked: its fields, its version and what that version
 * changed, its earlier versions (oldest first), its attachments' entries, and whether its owner
 * starred it.
 */
record ArchivedSnippet(
        String sourceId,
        SnippetInput input,
        long version,
        Optional<List<String>> changed,
        List<HistoricVersion> history,
        List<ArchivedAttachment> attachments,
        boolean starred) {

    /** An attachment's entry in the archive, and what its bytes must be. */
    record ArchivedAttachment(String filename, String mimeType, long size, String sha256, String path) {}
}
