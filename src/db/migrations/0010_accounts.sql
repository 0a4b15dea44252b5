-- Accounts: the built-in users-permissions server. Mirrors src/db/schema/accounts.ts.
CREATE TABLE IF NOT EXISTS auth_roles (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT auth_roles_type_key UNIQUE (type)
);

INSERT INTO auth_roles (name, description, type) VALUES
  ('Authenticated', 'Default role given to authenticated user.', 'authenticated'),
  ('Public', 'Default role given to unauthenticated user.', 'public'),
  ('Admin', 'Photographer: manages bookings.', 'admin')
ON CONFLICT (type) DO NOTHING;

CREATE TABLE IF NOT EXISTS auth_users (
  id serial PRIMARY KEY,
  document_id text NOT NULL,
  username text NOT NULL,
  email text NOT NULL,
  provider text NOT NULL DEFAULT 'local',
  password_hash text,
  confirmed boolean NOT NULL DEFAULT false,
  blocked boolean NOT NULL DEFAULT false,
  role_id integer REFERENCES auth_roles (id) ON DELETE SET NULL,
  -- Bumped on password change/reset: every JWT issued before is rejected.
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT auth_users_document_id_key UNIQUE (document_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS auth_users_email_key ON auth_users (lower(email));
CREATE UNIQUE INDEX IF NOT EXISTS auth_users_username_key ON auth_users (lower(username));

-- Single-use codes (password reset, e-mail confirmation, admin setup); only a SHA-256 of the code is stored.
CREATE TABLE IF NOT EXISTS auth_tokens (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  token_hash text NOT NULL,
  user_id integer REFERENCES auth_users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT auth_tokens_token_hash_key UNIQUE (token_hash)
);
CREATE INDEX IF NOT EXISTS auth_tokens_user_idx ON auth_tokens (user_id, kind);
