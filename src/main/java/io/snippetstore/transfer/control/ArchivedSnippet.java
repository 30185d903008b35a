package io.snippetstore.transfer.control;

import java.util.List;

import io.snippetstore.snippets.control.SnippetInput;

/** A snippet as an archive holds it, checked: its fields, and its attachments' entries. */
record ArchivedSnippet(String sourceId, SnippetInput input, List<ArchivedAttachment> attachments) {

    /** An attachment's entry in the archive, and what its bytes must be. */
    record ArchivedAttachment(String filename, String mimeType, long size, String sha256, String path) {
    }
}
