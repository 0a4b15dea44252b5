-- Sign-out revokes the session token server-side: its id (jti) is kept until the token would have
-- expired anyway. Mirrors src/db/schema/accounts.ts.
CREATE TABLE IF NOT EXISTS auth_revoked_tokens (
  jti text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS auth_revoked_tokens_expiry_idx ON auth_revoked_tokens (expires_at);
