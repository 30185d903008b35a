-- API tokens: only the SHA-256 of the token value is kept.
CREATE TABLE api_tokens (
    id           TEXT    NOT NULL PRIMARY KEY,
    user_id      TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    token_hash   TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER,
    last_used_at INTEGER
) STRICT;

CREATE UNIQUE INDEX api_tokens_token_hash ON api_tokens (token_hash);
CREATE INDEX api_tokens_user ON api_tokens (user_id, id);

-- One-time codes of the browser login for command-line clients (only their SHA-256 is kept).
CREATE TABLE login_codes (
    code_hash      TEXT    NOT NULL PRIMARY KEY,
    user_id        TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_name     TEXT    NOT NULL,
    code_challenge TEXT,
    created_at     INTEGER NOT NULL,
    expires_at     INTEGER NOT NULL,
    consumed_at    INTEGER
) STRICT;

CREATE INDEX login_codes_expires ON login_codes (expires_at);
