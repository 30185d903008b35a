-- What a device login asks of its token beyond its scopes: the collections it is limited to (ids
-- separated by spaces; NULL: none) and the days it lives (NULL: as a login's token does). A
-- command-line client makes a token for a CI job this way.
ALTER TABLE device_logins ADD COLUMN collections TEXT;
ALTER TABLE device_logins ADD COLUMN expires_in_days INTEGER;
