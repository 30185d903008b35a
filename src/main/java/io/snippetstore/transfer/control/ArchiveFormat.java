package io.snippetstore.transfer.control;

import java.util.Set;

/**
 * The export archive (docs/API.md, "Export and import"): a ZIP with {@code manifest.json}, one
 * {@code snippets/<id>.json} per snippet with its attachments' metadata, each attachment's bytes
 * under {@code attachments/<id>}, and each earlier version of a snippet under
 * {@code revisions/<snippet id>/<version>.json} (from version 2 of the format; 1 has no history),
 * and, from version 3, each collection under {@code collections/<id>.json} with the snippets of the
 * archive it holds, each snippet's star and the manifest's pins. The manifest is written last, so
 * that the archive streams in one pass; readers find it through the ZIP's central directory.
 */
final class ArchiveFormat {

    static final String FORMAT = "snippet-store-export";
    static final int VERSION = 3;
    /** The versions an import reads: 1 (before revisions were kept), 2 (before collections) and the current one. */
    static final Set<Integer> READABLE_VERSIONS = Set.of(1, 2, VERSION);

    static final String MANIFEST = "manifest.json";

    private ArchiveFormat() {}

    static String snippetPath(String snippetId) {
        return "snippets/" + snippetId + ".json";
    }

    static String revisionPath(String snippetId, long version) {
        return "revisions/" + snippetId + "/" + version + ".json";
    }

    static String collectionPath(String collectionId) {
        return "collections/" + collectionId + ".json";
    }

    static String attachmentPath(String attachmentId) {
        return "attachments/" + attachmentId;
    }
}
