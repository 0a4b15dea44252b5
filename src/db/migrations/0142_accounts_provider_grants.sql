-- Provider sign-in for a separate front-end: the browser is sent there with a random single-use code (only its
-- SHA-256 is stored), bound to the provider and the account and valid for a minute, which the front-end exchanges
-- once for a session token. Mirrors src/db/schema/accounts.ts.
CREATE TABLE IF NOT EXISTS auth_provider_grants (
  id serial PRIMARY KEY,
  code_hash text NOT NULL,
  provider text NOT NULL,
  user_id integer NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT auth_provider_grants_code_hash_key UNIQUE (code_hash)
);
CREATE INDEX IF NOT EXISTS auth_provider_grants_expiry_idx ON auth_provider_grants (expires_at);
CREATE INDEX IF NOT EXISTS auth_provider_grants_user_idx ON auth_provider_grants (user_id);
