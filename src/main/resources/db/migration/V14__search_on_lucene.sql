-- Search moves to a Lucene index beside the database (under the data directory's search/),
-- derived from these tables and rebuilt from them whenever it is missing or behind. The FTS5
-- trigram index and its triggers go.
DROP TRIGGER snippets_fts_insert;
DROP TRIGGER snippets_fts_delete;
DROP TRIGGER snippets_fts_update;
DROP TABLE snippets_fts;

-- Every change of a snippet, in commit order, written by triggers in the change's own transaction:
-- the index catches up from the last change it holds, after a crash too. Changes the index has
-- durably applied are deleted; AUTOINCREMENT never reuses a number, even once all are deleted.
-- Tags change only with their snippet's updated_at (every change of the six fields updates it).
CREATE TABLE search_changes (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    snippet_id TEXT NOT NULL
) STRICT;

CREATE TRIGGER search_changes_insert AFTER INSERT ON snippets BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (new.id);
END;

CREATE TRIGGER search_changes_update AFTER UPDATE OF title, title_sort, description, notes, language, code, updated_at,
    visibility, owner_id ON snippets BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (new.id);
END;

CREATE TRIGGER search_changes_delete AFTER DELETE ON snippets BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (old.id);
END;
