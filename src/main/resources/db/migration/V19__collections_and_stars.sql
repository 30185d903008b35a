-- Collections: a user's named lists of snippets, nestable (parent_id), shared as a snippet is
-- (private or team, and with groups for reading or writing). A snippet may be in any number of
-- them; position orders a collection's snippets. Names are unique among siblings ignoring ASCII
-- case. Deleting a collection is the application's (its children move up or go with it).
CREATE TABLE collections (
    id          TEXT    NOT NULL PRIMARY KEY,
    owner_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id   TEXT    REFERENCES collections (id) ON DELETE CASCADE,
    name        TEXT    NOT NULL COLLATE NOCASE,
    description TEXT,
    visibility  TEXT    NOT NULL CHECK (visibility IN ('private', 'team')),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX collections_sibling_name ON collections (owner_id, coalesce(parent_id, ''), name);
CREATE INDEX collections_parent ON collections (parent_id);
CREATE INDEX collections_team ON collections (visibility) WHERE visibility = 'team';

-- A snippet in a collection, added by added_by. Reading the collection reads the snippet only when
-- the snippet's owner added it: a collection never gives access its snippets' owners did not give.
CREATE TABLE collection_snippets (
    collection_id TEXT    NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    snippet_id    TEXT    NOT NULL REFERENCES snippets (id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    added_by      TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    added_at      INTEGER NOT NULL,
    PRIMARY KEY (collection_id, snippet_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX collection_snippets_snippet ON collection_snippets (snippet_id, collection_id);
CREATE INDEX collection_snippets_order ON collection_snippets (collection_id, position);

-- A collection shared with a group: its members read it (and the snippets their owners put in it);
-- with 'write' they also add and remove snippets of their own.
CREATE TABLE collection_groups (
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    group_id      TEXT NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
    access        TEXT NOT NULL CHECK (access IN ('read', 'write')),
    PRIMARY KEY (collection_id, group_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX collection_groups_group ON collection_groups (group_id, collection_id);

-- A user's star on a snippet they may read.
CREATE TABLE snippet_stars (
    user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    snippet_id TEXT    NOT NULL REFERENCES snippets (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, snippet_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX snippet_stars_snippet ON snippet_stars (snippet_id, user_id);

-- The search index knows a snippet's collections (what it is in and who reads it through them)
-- and who starred it: every change of either is logged for the snippets it touches.
CREATE TRIGGER search_changes_collection_snippets_insert AFTER INSERT ON collection_snippets BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (new.snippet_id);
END;

CREATE TRIGGER search_changes_collection_snippets_delete AFTER DELETE ON collection_snippets BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (old.snippet_id);
END;

CREATE TRIGGER search_changes_collections_visibility AFTER UPDATE OF visibility ON collections BEGIN
    INSERT INTO search_changes (snippet_id)
        SELECT snippet_id FROM collection_snippets WHERE collection_id = new.id;
END;

CREATE TRIGGER search_changes_collection_groups_insert AFTER INSERT ON collection_groups BEGIN
    INSERT INTO search_changes (snippet_id)
        SELECT snippet_id FROM collection_snippets WHERE collection_id = new.collection_id;
END;

CREATE TRIGGER search_changes_collection_groups_delete AFTER DELETE ON collection_groups BEGIN
    INSERT INTO search_changes (snippet_id)
        SELECT snippet_id FROM collection_snippets WHERE collection_id = old.collection_id;
END;

CREATE TRIGGER search_changes_snippet_stars_insert AFTER INSERT ON snippet_stars BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (new.snippet_id);
END;

CREATE TRIGGER search_changes_snippet_stars_delete AFTER DELETE ON snippet_stars BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (old.snippet_id);
END;

-- An owner's pin: pinned snippets come first in the owner's lists, the latest pinned first.
ALTER TABLE snippets ADD COLUMN pinned_at INTEGER;

CREATE INDEX snippets_owner_pinned ON snippets (owner_id, pinned_at DESC) WHERE pinned_at IS NOT NULL;
