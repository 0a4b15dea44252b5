-- Who may see an inquiry in /ucet: not whoever has an account with a matching e-mail, but the account
-- that opened a claim link sent to the inquiry's address after the inquiry existed. Mirrors src/db/schema/bookings.ts.
CREATE TABLE IF NOT EXISTS inquiry_claims (
  inquiry_id integer PRIMARY KEY REFERENCES inquiries (id) ON DELETE CASCADE,
  -- `builtin:<id>` / `strapi:<id>`: the account the inquiry is attached to
  owner text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS inquiry_claims_owner_idx ON inquiry_claims (owner);

-- Single-use links; several may be valid at once (the auto-reply's and ones requested later).
CREATE TABLE IF NOT EXISTS inquiry_claim_tokens (
  -- sha256 of the token in the link (the token itself is never stored)
  token_hash text PRIMARY KEY,
  inquiry_id integer NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS inquiry_claim_tokens_expiry_idx ON inquiry_claim_tokens (expires_at);
