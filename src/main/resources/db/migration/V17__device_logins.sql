-- Device logins of command-line clients on machines without a browser (docs/API.md, "Device
-- login"): the client holds the device code and polls; the user types the user code into a
-- signed-in browser and approves. Only the SHA-256 of either code is kept.
CREATE TABLE device_logins (
    device_code_hash TEXT    NOT NULL PRIMARY KEY,
    user_code_hash   TEXT    NOT NULL,
    token_name       TEXT    NOT NULL,
    client_address   TEXT    NOT NULL,
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL,
    polled_at        INTEGER,
    user_id          TEXT    REFERENCES users (id) ON DELETE CASCADE,
    approved_at      INTEGER,
    denied_at        INTEGER,
    consumed_at      INTEGER
) STRICT;

CREATE UNIQUE INDEX device_logins_user_code ON device_logins (user_code_hash);
CREATE INDEX device_logins_expires ON device_logins (expires_at);
CREATE INDEX device_logins_client ON device_logins (client_address, expires_at);
