-- Who may see an inquiry in /ucet (issue 14): not whoever has an account with a matching e-mail, but the account
-- that opened a claim link sent to the inquiry's address after the inquiry existed. Mirrors src/db/schema/bookings.ts.
CREATE TABLE IF NOT EXISTS inquiry_claims (
  inquiry_id integer PRIMARY KEY REFERENCES inquiries (id) ON DELETE CASCADE,
  -- sha256 of the single-use token in the link (the token itself is never stored)
  token_hash text,
  token_expires_at timestamptz,
  -- `builtin:<id>` / `strapi:<id>`: the account the inquiry is attached to
  owner text,
  claimed_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS inquiry_claims_token_idx ON inquiry_claims (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX IF NOT EXISTS inquiry_claims_owner_idx ON inquiry_claims (owner) WHERE owner IS NOT NULL;
