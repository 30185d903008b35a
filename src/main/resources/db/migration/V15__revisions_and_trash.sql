-- Revisions: every version of a snippet's fields, the current one included, with who made it,
-- when, and which fields it changed; a snippet still at its first version has none (it is that
-- version: a create writes no revision, its first change writes both). Code and notes are stored deflated (packing 'deflate'); the
-- rows this migration copies from the snippets are stored as they are (packing 'plain': SQLite
-- cannot deflate). Removed with their snippet when it is purged from the trash.
CREATE TABLE snippet_revisions (
    seq         INTEGER PRIMARY KEY,
    -- deferred: JPA may write an imported snippet's revisions before the snippet itself
    snippet_id  TEXT    NOT NULL REFERENCES snippets (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    version     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    author_id   TEXT    NOT NULL,
    -- a JSON array of the names of the fields this version changed; NULL: not known (a version
    -- made before revisions were kept)
    changed     TEXT,
    title       TEXT    NOT NULL,
    description TEXT,
    language    TEXT    NOT NULL,
    tags        TEXT    NOT NULL,
    visibility  TEXT    NOT NULL,
    packing     TEXT    NOT NULL CHECK (packing IN ('plain', 'deflate')),
    notes       BLOB,
    code        BLOB    NOT NULL
) STRICT;

-- A snippet's history, newest first, read straight off this index; also the keep-N pruning's.
CREATE UNIQUE INDEX snippet_revisions_version ON snippet_revisions (snippet_id, version);
-- The keep-N-days pruning's.
CREATE INDEX snippet_revisions_created ON snippet_revisions (created_at);

-- Until now only a snippet's owner could change it: each existing version is the owner's. A
-- snippet at version 1 gets its row at its first change, as every new one does.
INSERT INTO snippet_revisions (snippet_id, version, created_at, author_id, changed, title, description, language, tags,
                               visibility, packing, notes, code)
SELECT s.id, s.version, s.updated_at, s.owner_id,
       NULL,
       s.title, s.description, s.language,
       (SELECT json_group_array(t.tag ORDER BY t.position) FROM snippet_tags t WHERE t.snippet_id = s.id),
       s.visibility, 'plain', CAST(s.notes AS BLOB), CAST(s.code AS BLOB)
FROM snippets s
WHERE s.version > 1;

-- The trash: a deleted snippet keeps its row (and its attachments, links and revisions) with the
-- time it was deleted, and is invisible everywhere but the trash until restored or purged.
ALTER TABLE snippets ADD COLUMN trashed_at INTEGER;

-- An owner's trash, newest first; and the purge's walk over what is past its time.
CREATE INDEX snippets_owner_trashed ON snippets (owner_id, trashed_at DESC, id DESC) WHERE trashed_at IS NOT NULL;
CREATE INDEX snippets_trashed ON snippets (trashed_at) WHERE trashed_at IS NOT NULL;

-- Moving to or from the trash is a change the search index follows (it holds no trashed snippet).
DROP TRIGGER search_changes_update;
CREATE TRIGGER search_changes_update AFTER UPDATE OF title, title_sort, description, notes, language, code, updated_at,
    visibility, owner_id, trashed_at ON snippets BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (new.id);
END;
