-- Per-account sign-in throttle: consecutive failed sign-ins per identifier, with an exponential
-- back-off, on top of the per-address rate limit. Keyed by a hash of the lower-cased identifier, so it works the
-- same for unknown identifiers (no enumeration) and stores no e-mail addresses. Mirrors src/db/schema/accounts.ts.
CREATE TABLE IF NOT EXISTS auth_login_failures (
  account_key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  locked_until bigint NOT NULL DEFAULT 0,
  last_failure bigint NOT NULL DEFAULT 0
);
