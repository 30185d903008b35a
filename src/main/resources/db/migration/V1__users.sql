-- Accounts. Usernames are ASCII ([A-Za-z0-9._-]), so NOCASE makes their comparison and uniqueness
-- case-insensitive, and lets the unique index serve look-ups by username.
CREATE TABLE users (
    id            TEXT    NOT NULL PRIMARY KEY,
    username      TEXT    NOT NULL COLLATE NOCASE,
    password_hash TEXT    NOT NULL,
    role          TEXT    NOT NULL CHECK (role IN ('admin', 'user')),
    created_at    INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX users_username ON users (username);
