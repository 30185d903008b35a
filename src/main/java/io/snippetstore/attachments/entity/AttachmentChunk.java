package io.snippetstore.attachments.entity;

/**
 * One piece of an attachment's bytes, in order: a row of {@code attachment_chunks}, keyed by
 * attachment and ordinal. Every chunk but the last holds exactly {@link #SIZE} bytes, so the
 * chunk holding any byte offset is known without a query. Not an entity: chunks are written and
 * read with native SQL only ({@code ChunkStatements}), so that no chunk stays in a persistence
 * context and no read allocates a whole chunk in one array.
 */
public final class AttachmentChunk {

    /** 1 MiB: few rows per file, and little memory per chunk in flight. */
    public static final int SIZE = 1 << 20;

    private AttachmentChunk() {}
}
