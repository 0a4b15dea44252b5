-- Token continuity: a password change ends every session except the one that made it (its token id is kept here);
-- a password reset, or a later change from another session, replaces or clears it.
ALTER TABLE auth_users ADD COLUMN kept_token_id text;
