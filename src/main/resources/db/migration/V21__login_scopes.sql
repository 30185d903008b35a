-- The scopes a browser or device login asks for its token (names separated by spaces); NULL:
-- none asked, so the token gets every scope its user's role may hold.
ALTER TABLE login_codes ADD COLUMN scopes TEXT;

ALTER TABLE device_logins ADD COLUMN scopes TEXT;
