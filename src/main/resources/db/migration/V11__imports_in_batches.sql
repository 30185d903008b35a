-- An import is written in batches, each a short transaction of its own, so that other writes and
-- sign-ins never wait long behind a large archive. Until its last batch, every snippet it has
-- created is listed here: a failed import deletes them, and what a crash or a restore leaves listed
-- is deleted when the application starts, so an import keeps all of its snippets or none.
CREATE TABLE import_pending_snippets (
    snippet_id TEXT NOT NULL PRIMARY KEY REFERENCES snippets (id) ON DELETE CASCADE,
    import_id  TEXT NOT NULL
);

CREATE INDEX import_pending_snippets_import ON import_pending_snippets (import_id);
