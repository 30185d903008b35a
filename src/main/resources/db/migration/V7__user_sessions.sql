-- Browser sessions, one row each, so that a user sees where they are signed in and when each
-- session was last used, and can sign one out. The container's session holds the row's id.
CREATE TABLE user_sessions (
    id           TEXT    NOT NULL PRIMARY KEY,
    user_id      TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL,
    user_agent   TEXT
) STRICT;

CREATE INDEX user_sessions_user ON user_sessions (user_id, id);
CREATE INDEX user_sessions_last_used ON user_sessions (last_used_at);
