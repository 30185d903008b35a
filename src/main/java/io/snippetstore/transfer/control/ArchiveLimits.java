package io.snippetstore.transfer.control;

/**
 * What one import archive may hold, checked while its manifest and documents are read, before
 * anything is written: snippets, attachments, the bytes of the snippets' documents together (they
 * are held in memory until written), and the bytes everything expands to (documents and the
 * attachments' declared sizes, which their copies must match). A document larger than any this
 * service writes is refused as it is read.
 */
record ArchiveLimits(int maxSnippets, int maxAttachments, long maxDocumentBytes, long maxTextBytes, long maxExpandedBytes) {

    /** A document holds one snippet: its code (JSON escapes at most six bytes a byte), notes and the rest, well within a mebibyte. */
    static long documentBytesFor(long maxCodeBytes) {
        return 6 * maxCodeBytes + 1024 * 1024;
    }
}
