package io.snippetstore.transfer.control;

import io.snippetstore.snippets.entity.SnippetCollection;

/**
 * What one import archive may hold, checked while its manifest and documents are read, before
 * anything is written: snippets, attachments, the bytes of the snippets' documents together (they
 * are held in memory until written), and the bytes everything expands to (documents and the
 * attachments' declared sizes, which their copies must match). A document larger than any this
 * service writes is refused as it is read.
 */
record ArchiveLimits(
        int maxSnippets, int maxAttachments, long maxDocumentBytes, long maxTextBytes, long maxExpandedBytes) {

    /** Earlier versions of all the snippets together, each a document of its own. */
    static final int MAX_REVISIONS = 100_000;

    /** The archive's central directory, which {@link java.util.zip.ZipFile} holds in memory whole: about 250 bytes an entry at the most entries. */
    static final long MAX_DIRECTORY_BYTES = 32L * 1024 * 1024;

    int maxRevisions() {
        return MAX_REVISIONS;
    }

    /** The manifest, the snippets' documents, their earlier versions', the collections' and the attachments. */
    long maxEntries() {
        return 1L + maxSnippets + MAX_REVISIONS + SnippetCollection.PER_USER_MAX + maxAttachments;
    }

    /** A document holds one snippet: its code (JSON escapes at most six bytes a byte), notes and the rest, well within a mebibyte. */
    static long documentBytesFor(long maxCodeBytes) {
        return 6 * maxCodeBytes + 1024 * 1024;
    }
}
