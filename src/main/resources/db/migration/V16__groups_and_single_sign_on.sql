-- Groups: made by administrators for local users, or kept in step with an identity provider's
-- groups claim at each sign-in (source 'provider'). Names are unique ignoring ASCII case.
CREATE TABLE user_groups (
    id         TEXT    NOT NULL PRIMARY KEY,
    name       TEXT    NOT NULL COLLATE NOCASE,
    source     TEXT    NOT NULL CHECK (source IN ('local', 'provider')),
    created_at INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX user_groups_name ON user_groups (name);

CREATE TABLE group_members (
    group_id TEXT NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
    user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX group_members_user ON group_members (user_id, group_id);

-- A snippet shared with a group: its members read it, and with 'write' change its six fields.
CREATE TABLE snippet_groups (
    snippet_id TEXT NOT NULL REFERENCES snippets (id) ON DELETE CASCADE,
    group_id   TEXT NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
    access     TEXT NOT NULL CHECK (access IN ('read', 'write')),
    PRIMARY KEY (snippet_id, group_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX snippet_groups_group ON snippet_groups (group_id, snippet_id);

-- The search index knows the groups a snippet is shared with: every change of them is logged.
CREATE TRIGGER search_changes_snippet_groups_insert AFTER INSERT ON snippet_groups BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (new.snippet_id);
END;

CREATE TRIGGER search_changes_snippet_groups_update AFTER UPDATE ON snippet_groups BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (new.snippet_id);
END;

CREATE TRIGGER search_changes_snippet_groups_delete AFTER DELETE ON snippet_groups BEGIN
    INSERT INTO search_changes (snippet_id) VALUES (old.snippet_id);
END;

-- Accounts from an identity provider: the provider's issuer and subject name the account (the
-- username is only where it started); local accounts have neither. A provider's account has no
-- password of ours: its hash is an empty string, which no password matches.
ALTER TABLE users ADD COLUMN issuer TEXT;
ALTER TABLE users ADD COLUMN subject TEXT;
ALTER TABLE users ADD COLUMN display_name TEXT;
ALTER TABLE users ADD COLUMN email TEXT;
-- A password an administrator set as temporary must be changed before anything else works.
ALTER TABLE users ADD COLUMN password_temporary INTEGER NOT NULL DEFAULT 0 CHECK (password_temporary IN (0, 1));

CREATE UNIQUE INDEX users_provider_subject ON users (issuer, subject) WHERE subject IS NOT NULL;

-- One sharing model: a share link now opens its snippet whenever the snippet is not private, so
-- a team snippet is readable by the team and by its links at once. Until now a team snippet's
-- links opened nothing; they are revoked here, so that nobody can read what they could not read
-- before.
DELETE FROM share_links WHERE snippet_id IN (SELECT id FROM snippets WHERE visibility = 'team');
