-- Snippets. seq is the stable integer row id the search index refers to (VACUUM may renumber
-- implicit rowids); title_sort is the lower-cased title, for the case-insensitive A→Z order.
CREATE TABLE snippets (
    seq              INTEGER PRIMARY KEY,
    id               TEXT    NOT NULL UNIQUE,
    owner_id         TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title            TEXT    NOT NULL,
    title_sort       TEXT    NOT NULL,
    description      TEXT,
    notes            TEXT,
    language         TEXT    NOT NULL,
    code             TEXT    NOT NULL,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    version          INTEGER NOT NULL,
    attachment_count INTEGER NOT NULL DEFAULT 0
) STRICT;

-- One index per list order, each ending in id: keyset pagination reads a page straight off it.
CREATE INDEX snippets_owner_updated ON snippets (owner_id, updated_at DESC, id DESC);
CREATE INDEX snippets_owner_created ON snippets (owner_id, created_at DESC, id DESC);
CREATE INDEX snippets_owner_title ON snippets (owner_id, title_sort, id);
CREATE INDEX snippets_owner_language ON snippets (owner_id, language COLLATE NOCASE);

-- Tags, lower-cased and de-duplicated by the application, in the order given. No unique key on
-- (snippet_id, position): JPA rewrites a changed list row by row and may insert before it deletes.
CREATE TABLE snippet_tags (
    snippet_id TEXT    NOT NULL REFERENCES snippets (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    tag        TEXT    NOT NULL
) STRICT;

CREATE INDEX snippet_tags_snippet ON snippet_tags (snippet_id, position);
CREATE INDEX snippet_tags_tag ON snippet_tags (tag, snippet_id);

-- Substring search: an FTS5 trigram index over the searchable columns, kept in step with the
-- snippets table by triggers, so every create, update and delete updates it in the same transaction.
CREATE VIRTUAL TABLE snippets_fts USING fts5(
    title, description, notes, code, language,
    content = 'snippets', content_rowid = 'seq', tokenize = 'trigram'
);

CREATE TRIGGER snippets_fts_insert AFTER INSERT ON snippets BEGIN
    INSERT INTO snippets_fts (rowid, title, description, notes, code, language)
    VALUES (new.seq, new.title, new.description, new.notes, new.code, new.language);
END;

CREATE TRIGGER snippets_fts_delete AFTER DELETE ON snippets BEGIN
    INSERT INTO snippets_fts (snippets_fts, rowid, title, description, notes, code, language)
    VALUES ('delete', old.seq, old.title, old.description, old.notes, old.code, old.language);
END;

CREATE TRIGGER snippets_fts_update AFTER UPDATE OF title, description, notes, code, language ON snippets BEGIN
    INSERT INTO snippets_fts (snippets_fts, rowid, title, description, notes, code, language)
    VALUES ('delete', old.seq, old.title, old.description, old.notes, old.code, old.language);
    INSERT INTO snippets_fts (rowid, title, description, notes, code, language)
    VALUES (new.seq, new.title, new.description, new.notes, new.code, new.language);
END;

-- The key that signs list cursors, so that only cursors this service issued are accepted.
CREATE TABLE service_keys (
    name  TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

INSERT INTO service_keys (name, value) VALUES ('cursor', lower(hex(randomblob(32))));
