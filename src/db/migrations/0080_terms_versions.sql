-- Every version of the booking terms the site has shown (§ 1824 OZ: the terms in text form, kept): immutable rows,
-- one per change of the effective terms, each with the date it applies from, the hash of what the couple read and
-- a JSON snapshot to render it again. An inquiry records the version it was sent under.

CREATE TABLE terms_versions (
  id serial PRIMARY KEY,
  -- The address part: the date it applies from, with "-2", "-3" … for a further change on the same day.
  slug text NOT NULL,
  effective_on date NOT NULL,
  content_hash text NOT NULL,
  snapshot jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT terms_versions_slug_key UNIQUE (slug)
);
CREATE INDEX terms_versions_latest_idx ON terms_versions (id DESC);

-- Versions are never changed or deleted: a trigger refuses both, whoever asks.
CREATE FUNCTION terms_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'terms_versions are immutable (% refused)', TG_OP;
END;
$$;
CREATE TRIGGER terms_versions_no_change BEFORE UPDATE OR DELETE ON terms_versions
  FOR EACH ROW EXECUTE FUNCTION terms_versions_immutable();

ALTER TABLE inquiries ADD COLUMN terms_version_id integer REFERENCES terms_versions (id);
