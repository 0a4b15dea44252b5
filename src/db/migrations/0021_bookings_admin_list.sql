-- Admin inquiry list with 100 000 inquiries (budget: p95 ≤ 50 ms per page, page query on an index).
-- Kept in sync with src/db/schema/bookings.ts. See docs/decisions/020-bookings.md ("Admin list").

-- pg_trgm answers the admin search's `LIKE '%…%'` from a GIN index (migration 0022 builds it on the folded
-- search column). Trusted extension since PostgreSQL 13: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Every list order ends in the id, so an index that holds the whole order gives a page without a sort step, and
-- a deep page skips its OFFSET over index entries alone (repository: listInquiries reads the ids first, from
-- the nearer end). Each index is walked forwards for one order and backwards for its reverse:
--   created-desc / created-asc        (created_at, id)
--   date-asc  = wedding_date ASC NULLS LAST, id DESC   (wedding_date, id DESC)
--   date-desc = wedding_date DESC NULLS LAST, id DESC  (wedding_date DESC NULLS LAST, id DESC)
-- They replace the single-column indexes on created_at and wedding_date (same leading column).
CREATE INDEX IF NOT EXISTS inquiries_created_id_idx ON inquiries (created_at, id);
DROP INDEX IF EXISTS inquiries_created_at_idx;
CREATE INDEX IF NOT EXISTS inquiries_wedding_date_id_idx ON inquiries (wedding_date, id DESC);
DROP INDEX IF EXISTS inquiries_wedding_date_idx;
CREATE INDEX IF NOT EXISTS inquiries_wedding_date_desc_id_idx ON inquiries (wedding_date DESC NULLS LAST, id DESC);
-- The status chips and the "flagged" chip, newest first.
CREATE INDEX IF NOT EXISTS inquiries_status_created_idx ON inquiries (status, created_at, id);
CREATE INDEX IF NOT EXISTS inquiries_flagged_created_idx ON inquiries (created_at, id) WHERE cardinality(flags) > 0;

-- Per-status counts (the list's chips, totals) without counting the table: every statement that writes
-- inquiries appends its net change per (status, flagged, wedding year) here, in the same transaction.
-- Appending (no upsert) means concurrent writers never wait for each other or deadlock on a counter row;
-- compactInquiryCounts (maintenance, each minute) folds the rows into one per key when they pile up.
CREATE TABLE IF NOT EXISTS inquiry_counts (
  status text NOT NULL,
  flagged boolean NOT NULL,
  -- Year of wedding_date; NULL when the inquiry has no date.
  wedding_year integer,
  n bigint NOT NULL
);

CREATE OR REPLACE FUNCTION inquiry_counts_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO inquiry_counts (status, flagged, wedding_year, n)
    SELECT status, cardinality(flags) > 0, extract(year FROM wedding_date)::integer, count(*)
    FROM new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO inquiry_counts (status, flagged, wedding_year, n)
    SELECT status, cardinality(flags) > 0, extract(year FROM wedding_date)::integer, -count(*)
    FROM old_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO inquiry_counts (status, flagged, wedding_year, n)
    SELECT status, f, y, sum(d) FROM (
      SELECT status, cardinality(flags) > 0 AS f, extract(year FROM wedding_date)::integer AS y, 1 AS d FROM new_rows
      UNION ALL
      SELECT status, cardinality(flags) > 0, extract(year FROM wedding_date)::integer, -1 FROM old_rows
    ) c GROUP BY 1, 2, 3 HAVING sum(d) <> 0;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM inquiry_counts;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER inquiry_counts_insert AFTER INSERT ON inquiries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_track();
CREATE OR REPLACE TRIGGER inquiry_counts_update AFTER UPDATE ON inquiries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_track();
CREATE OR REPLACE TRIGGER inquiry_counts_delete AFTER DELETE ON inquiries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_track();
CREATE OR REPLACE TRIGGER inquiry_counts_truncate AFTER TRUNCATE ON inquiries
  FOR EACH STATEMENT EXECUTE FUNCTION inquiry_counts_track();

-- Existing inquiries (the triggers above and this run in one transaction that locks out writers).
DELETE FROM inquiry_counts;
INSERT INTO inquiry_counts (status, flagged, wedding_year, n)
SELECT status, cardinality(flags) > 0, extract(year FROM wedding_date)::integer, count(*) FROM inquiries GROUP BY 1, 2, 3;
