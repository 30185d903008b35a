-- Share links of collections: each opens one collection, read-only, to whoever holds it, known by
-- the SHA-256 of its secret only (docs/API.md, "Share links of collections"). Deleted with the
-- collection.
CREATE TABLE collection_links (
    id            TEXT    NOT NULL PRIMARY KEY,
    collection_id TEXT    NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    secret_hash   TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER
) STRICT;

CREATE UNIQUE INDEX collection_links_secret_hash ON collection_links (secret_hash);
CREATE INDEX collection_links_collection ON collection_links (collection_id, id);
