-- The collections an API token is limited to: collection ids separated by spaces. NULL, as for
-- every token made before and every one made without naming any: the token reaches every snippet
-- its user may reach. A collection deleted later stays named here and reaches nothing.
ALTER TABLE api_tokens ADD COLUMN collections TEXT;
