-- Sharing. Who besides its owner may read a snippet: nobody (private, what every existing
-- snippet stays), every signed-in user (team), or whoever holds one of its share links (link).
ALTER TABLE snippets ADD COLUMN visibility TEXT NOT NULL DEFAULT 'private'
    CHECK (visibility IN ('private', 'team', 'link'));

-- The team's list reads each order off an index, as an owner's list does off the owner's ones.
CREATE INDEX snippets_visibility_updated ON snippets (visibility, updated_at DESC, id DESC);
CREATE INDEX snippets_visibility_created ON snippets (visibility, created_at DESC, id DESC);
CREATE INDEX snippets_visibility_title ON snippets (visibility, title_sort, id);

-- Share links: only the SHA-256 of a link's secret is kept, as for API tokens.
CREATE TABLE share_links (
    id          TEXT    NOT NULL PRIMARY KEY,
    snippet_id  TEXT    NOT NULL REFERENCES snippets (id) ON DELETE CASCADE,
    secret_hash TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER
) STRICT;

CREATE UNIQUE INDEX share_links_secret_hash ON share_links (secret_hash);
CREATE INDEX share_links_snippet ON share_links (snippet_id, id);

-- A disabled user can neither sign in nor use a session or token they had; nothing is deleted.
ALTER TABLE users ADD COLUMN disabled_at INTEGER;
