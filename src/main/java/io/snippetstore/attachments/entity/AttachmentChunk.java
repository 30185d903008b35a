package io.snippetstore.attachments.entity;

import java.io.Serializable;
import java.util.Objects;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

/**
 * One piece of an attachment's bytes, in order. Every chunk but the last holds exactly
 * {@link #SIZE} bytes, so the chunk holding any byte offset is known without a query. Read as an
 * entity; written by {@code Attachments} with a native insert, so that no chunk stays in memory.
 */
@Entity
@Table(name = "attachment_chunks")
@IdClass(AttachmentChunk.Key.class)
public class AttachmentChunk {

    /** 1 MiB: few rows per file, and little memory per chunk in flight. */
    public static final int SIZE = 1 << 20;

    @Id
    @Column(name = "attachment_id")
    private String attachmentId;

    @Id
    private long ordinal;

    @Column(nullable = false)
    private byte[] data;

    protected AttachmentChunk() {
    }

    public byte[] data() {
        return data;
    }

    /** The primary key: attachment and position (a JPA id class: fields named as the ids, a no-argument constructor). */
    public static class Key implements Serializable {

        private static final long serialVersionUID = 1L;

        private String attachmentId;
        private long ordinal;

        public Key() {
        }

        public Key(String attachmentId, long ordinal) {
            this.attachmentId = attachmentId;
            this.ordinal = ordinal;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.attachmentId.equals(attachmentId) && key.ordinal == ordinal;
        }

        @Override
        public int hashCode() {
            return Objects.hash(attachmentId, ordinal);
        }
    }
}
