package io.snippetstore.transfer.control;

import java.util.List;

/** What an import created: each snippet's new id beside its id in the archive. */
public record ImportReport(int snippetsCreated, int attachmentsCreated, List<Imported> snippets) {

    public record Imported(String sourceId, String id, String title, int attachments) {}
}
