-- What each API token may be used for: scope names separated by spaces. NULL, as for every token
-- made before scopes existed and every one made without naming any: every scope its user's role
-- may hold, following the role (administration while the user is an administrator).
ALTER TABLE api_tokens ADD COLUMN scopes TEXT;
