-- Attachments of snippets. The bytes live in attachment_chunks, in order, so that uploads and
-- downloads stream chunk by chunk and never need a whole file in memory.
CREATE TABLE attachments (
    seq        INTEGER PRIMARY KEY,
    id         TEXT    NOT NULL UNIQUE,
    snippet_id TEXT    NOT NULL REFERENCES snippets (id) ON DELETE CASCADE,
    filename   TEXT    NOT NULL,
    mime_type  TEXT    NOT NULL,
    size       INTEGER NOT NULL,
    sha256     TEXT    NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;

CREATE INDEX attachments_snippet ON attachments (snippet_id, created_at, id);

CREATE TABLE attachment_chunks (
    attachment_id TEXT    NOT NULL REFERENCES attachments (id) ON DELETE CASCADE,
    ordinal       INTEGER NOT NULL,
    data          BLOB    NOT NULL,
    PRIMARY KEY (attachment_id, ordinal)
) STRICT;

-- snippets.attachment_count follows the attachments; it is not one of the six fields, so neither
-- version nor updated_at changes (and the search index trigger does not fire).
CREATE TRIGGER attachments_count_insert AFTER INSERT ON attachments BEGIN
    UPDATE snippets SET attachment_count = attachment_count + 1 WHERE id = new.snippet_id;
END;

CREATE TRIGGER attachments_count_delete AFTER DELETE ON attachments BEGIN
    UPDATE snippets SET attachment_count = attachment_count - 1 WHERE id = old.snippet_id;
END;
