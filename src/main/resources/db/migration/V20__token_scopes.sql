-- What each API token may be used for: scope names separated by spaces. Tokens made before
-- scopes existed keep what they could do: everything their user may, administration included
-- for an administrator's.
ALTER TABLE api_tokens ADD COLUMN scopes TEXT NOT NULL DEFAULT 'snippets:read snippets:write sharing account';

UPDATE api_tokens SET scopes = scopes || ' admin'
 WHERE user_id IN (SELECT id FROM users WHERE role = 'admin');
