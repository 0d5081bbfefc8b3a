-- A password change ends the user's other sessions: a session signed in before this time
-- is refused by the API (the one that changed the password is stamped anew).
ALTER TABLE users ADD COLUMN sessions_valid_after timestamptz;
