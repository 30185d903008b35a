-- An upload is written in steps, each a short transaction of its own, so that other writes never
-- wait long behind a large file. Until its last step the attachment is unfinished
-- (uploading_since is set): no list, read, count or export shows it, and what a crash or a restore
-- leaves unfinished is deleted when the application starts.
ALTER TABLE attachments ADD COLUMN uploading_since INTEGER;

DROP TRIGGER attachments_count_insert;
DROP TRIGGER attachments_count_delete;

CREATE TRIGGER attachments_count_insert AFTER INSERT ON attachments WHEN new.uploading_since IS NULL BEGIN
    UPDATE snippets SET attachment_count = attachment_count + 1 WHERE id = new.snippet_id;
END;

CREATE TRIGGER attachments_count_finish AFTER UPDATE OF uploading_since ON attachments
    WHEN old.uploading_since IS NOT NULL AND new.uploading_since IS NULL BEGIN
    UPDATE snippets SET attachment_count = attachment_count + 1 WHERE id = new.snippet_id;
END;

CREATE TRIGGER attachments_count_delete AFTER DELETE ON attachments WHEN old.uploading_since IS NULL BEGIN
    UPDATE snippets SET attachment_count = attachment_count - 1 WHERE id = old.snippet_id;
END;
