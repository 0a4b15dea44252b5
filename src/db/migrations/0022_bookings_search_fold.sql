-- Admin search ignoring diacritics ("zaneta" finds "Žaneta", "lednice" finds "Lednicé") and covering the venue.
-- Kept in sync with src/db/schema/bookings.ts; the fold is src/db/search-fold.ts (FOLD_FROM, FOLD_TO,
-- SEARCH_SEPARATOR), which the search term goes through. See docs/decisions/020-bookings.md ("Admin list").

-- One stored, generated column: the searched columns joined by U+001F (so a term never matches across two of
-- them), lower-cased and de-accented with translate() — lower() and translate() are IMMUTABLE, as a generated
-- column requires (unaccent is not, and is not available alike on PGlite and PostgreSQL). The letters after the
-- 102 that have a counterpart are combining marks, deleted (decomposed input). Being generated, it follows every
-- write: anonymisation, erasure, edits.
-- Adding it rewrites the table; no trigger fires (inquiry_counts stays as it is).
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS search_text text GENERATED ALWAYS AS (
  translate(
    lower(partner1 || E'\x1f' || coalesce(partner2, '') || E'\x1f' || email || E'\x1f' || reference || E'\x1f'
      || coalesce(venue, '') || E'\x1f' || coalesce(town, '')),
    'áàâäãåąčćçďđéěèêëęíìîïĺľłňńñóòôöõőøŕřšśťúůùûüűýÿžźżÁÀÂÄÃÅĄČĆÇĎĐÉĚÈÊËĘÍÌÎÏĹĽŁŇŃÑÓÒÔÖÕŐØŔŘŠŚŤÚŮÙÛÜŰÝŸŽŹŻ'
      || E'\u0300\u0301\u0302\u0303\u0307\u0308\u030A\u030B\u030C\u0327\u0328',
    'aaaaaaacccddeeeeeeiiiilllnnnooooooorrsstuuuuuuyyzzzaaaaaaacccddeeeeeeiiiilllnnnooooooorrsstuuuuuuyyzzz'
  )
) STORED;

-- The search is `search_text LIKE '%<folded term>%'`, answered by this index for terms of 3+ characters (the rows
-- it finds are rechecked). The DROP removes a five-column index an earlier draft of 0021 created (data folders
-- made from that draft during its development).
-- fastupdate off: PGlite has no autovacuum (the app vacuums hourly), so a pending list would grow between runs
-- and every search would read it.
CREATE INDEX IF NOT EXISTS inquiries_search_text_trgm_idx ON inquiries USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);
DROP INDEX IF EXISTS inquiries_search_trgm_idx;
