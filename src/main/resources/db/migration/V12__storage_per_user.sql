-- How many bytes each user stores: the UTF-8 bytes of their snippets' title, description, notes,
-- language and code, and every byte of their snippets' attachments (unfinished uploads included,
-- since they hold disk). Kept by triggers in the same transaction as the change, so that a quota
-- (SNIPPETS_USER_QUOTA_BYTES) is checked against an exact figure without reading the data.
CREATE TABLE user_storage (
    user_id TEXT    NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    bytes   INTEGER NOT NULL
);

INSERT INTO user_storage (user_id, bytes)
SELECT u.id,
       CAST((SELECT total(length(CAST(s.title AS BLOB)) + coalesce(length(CAST(s.description AS BLOB)), 0)
                        + coalesce(length(CAST(s.notes AS BLOB)), 0) + length(CAST(s.language AS BLOB)) + length(CAST(s.code AS BLOB)))
             FROM snippets s WHERE s.owner_id = u.id)
          + (SELECT total(length(c.data)) FROM attachment_chunks c JOIN attachments a ON a.id = c.attachment_id
             JOIN snippets s ON s.id = a.snippet_id WHERE s.owner_id = u.id) AS INTEGER)
FROM users u;

CREATE TRIGGER user_storage_new_user AFTER INSERT ON users BEGIN
    INSERT INTO user_storage (user_id, bytes) VALUES (new.id, 0);
END;

CREATE TRIGGER user_storage_snippet_insert AFTER INSERT ON snippets BEGIN
    UPDATE user_storage SET bytes = bytes + length(CAST(new.title AS BLOB)) + coalesce(length(CAST(new.description AS BLOB)), 0)
        + coalesce(length(CAST(new.notes AS BLOB)), 0) + length(CAST(new.language AS BLOB)) + length(CAST(new.code AS BLOB))
    WHERE user_id = new.owner_id;
END;

CREATE TRIGGER user_storage_snippet_update AFTER UPDATE OF title, description, notes, language, code ON snippets BEGIN
    UPDATE user_storage SET bytes = bytes
        + length(CAST(new.title AS BLOB)) + coalesce(length(CAST(new.description AS BLOB)), 0)
        + coalesce(length(CAST(new.notes AS BLOB)), 0) + length(CAST(new.language AS BLOB)) + length(CAST(new.code AS BLOB))
        - length(CAST(old.title AS BLOB)) - coalesce(length(CAST(old.description AS BLOB)), 0)
        - coalesce(length(CAST(old.notes AS BLOB)), 0) - length(CAST(old.language AS BLOB)) - length(CAST(old.code AS BLOB))
    WHERE user_id = new.owner_id;
END;

-- Before the row goes, while its attachments are still there: their bytes leave with it. The
-- attachments' own trigger then finds no snippet (SQLite deletes the row before its cascades).
CREATE TRIGGER user_storage_snippet_delete BEFORE DELETE ON snippets BEGIN
    UPDATE user_storage SET bytes = bytes
        - length(CAST(old.title AS BLOB)) - coalesce(length(CAST(old.description AS BLOB)), 0)
        - coalesce(length(CAST(old.notes AS BLOB)), 0) - length(CAST(old.language AS BLOB)) - length(CAST(old.code AS BLOB))
        - (SELECT CAST(total(length(c.data)) AS INTEGER) FROM attachment_chunks c JOIN attachments a ON a.id = c.attachment_id
           WHERE a.snippet_id = old.id)
    WHERE user_id = old.owner_id;
END;

CREATE TRIGGER user_storage_chunk_insert AFTER INSERT ON attachment_chunks BEGIN
    UPDATE user_storage SET bytes = bytes + length(new.data)
    WHERE user_id = (SELECT s.owner_id FROM attachments a JOIN snippets s ON s.id = a.snippet_id WHERE a.id = new.attachment_id);
END;

CREATE TRIGGER user_storage_attachment_delete BEFORE DELETE ON attachments BEGIN
    UPDATE user_storage SET bytes = bytes - (SELECT CAST(total(length(data)) AS INTEGER) FROM attachment_chunks WHERE attachment_id = old.id)
    WHERE user_id = (SELECT owner_id FROM snippets WHERE id = old.snippet_id);
END;
