package io.snippetstore.transfer.control;

/**
 * The export archive (docs/API.md, "Export and import"): a ZIP with {@code manifest.json}, one
 * {@code snippets/<id>.json} per snippet with its attachments' metadata, and each attachment's
 * bytes under {@code attachments/<id>}. The manifest is written last, so that the archive streams
 * in one pass; readers find it through the ZIP's central directory.
 */
final class ArchiveFormat {

    static final String FORMAT = "snippet-store-export";
    static final int VERSION = 1;
    static final String MANIFEST = "manifest.json";

    private ArchiveFormat() {
    }

    static String snippetPath(String snippetId) {
        return "snippets/" + snippetId + ".json";
    }

    static String attachmentPath(String attachmentId) {
        return "attachments/" + attachmentId;
    }
}
