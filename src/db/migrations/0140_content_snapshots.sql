-- The last good answer of a remote content source (Contentful, Strapi), per request key: a failing refresh, even
-- right after a restart, serves these instead of the sample weddings (docs/decisions/090-stale-if-error.md).
CREATE TABLE content_snapshots (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);
