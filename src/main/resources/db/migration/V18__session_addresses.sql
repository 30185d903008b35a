-- Where each browser session signed in from (docs/API.md, "Browser sessions"), so that a user
-- tells two sessions of one browser apart. Sessions that signed in before this version have none.
ALTER TABLE user_sessions ADD COLUMN client_address TEXT;
