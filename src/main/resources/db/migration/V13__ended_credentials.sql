-- The ids of API tokens and browser sessions that ended (revoked, signed out, ended by a password
-- change, purged, their user deleted), recorded by triggers whatever ends them. A restore of an
-- older backup deletes the restored tokens and sessions listed here, so that a revocation outlives
-- it; a restore onto a new machine, whose list is empty, keeps every token of the backup. Session
-- records go after 7 days (a session idle that long has expired in the container too); token
-- records stay, since a token may live for years.
CREATE TABLE ended_credentials (
    id       TEXT    NOT NULL PRIMARY KEY,
    kind     TEXT    NOT NULL CHECK (kind IN ('token', 'session')),
    ended_at INTEGER NOT NULL
) STRICT;

CREATE INDEX ended_credentials_kind_ended ON ended_credentials (kind, ended_at);

CREATE TRIGGER ended_credentials_token AFTER DELETE ON api_tokens BEGIN
    INSERT OR IGNORE INTO ended_credentials (id, kind, ended_at)
    VALUES (old.id, 'token', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

CREATE TRIGGER ended_credentials_session AFTER DELETE ON user_sessions BEGIN
    DELETE FROM ended_credentials
    WHERE kind = 'session' AND ended_at < CAST((julianday('now') - 2440587.5 - 7) * 86400000 AS INTEGER);
    INSERT OR IGNORE INTO ended_credentials (id, kind, ended_at)
    VALUES (old.id, 'session', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
