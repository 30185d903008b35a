-- Accounts. Usernames are ASCII ([A-Za-z0-9._-]), so NOCASE gives case-insensitive uniqueness.
CREATE TABLE users (
    id            TEXT    NOT NULL PRIMARY KEY,
    username      TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    role          TEXT    NOT NULL CHECK (role IN ('admin', 'user')),
    created_at    INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX users_username ON users (username COLLATE NOCASE);
