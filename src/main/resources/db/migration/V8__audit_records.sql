-- The audit trail: who did what, from where, with which outcome. No foreign key on the user, so
-- that a record outlives what it is about; old records go after the retention period.
CREATE TABLE audit_records (
    id             TEXT    NOT NULL PRIMARY KEY,
    at             INTEGER NOT NULL,
    action         TEXT    NOT NULL,
    outcome        TEXT    NOT NULL,
    user_id        TEXT,
    username       TEXT,
    client_address TEXT,
    subject        TEXT,
    detail         TEXT
) STRICT;

CREATE INDEX audit_records_user ON audit_records (user_id, id);
CREATE INDEX audit_records_at ON audit_records (at);
