-- The photo module (src/photos): one row per uploaded photo of a client gallery (later the studio too).
-- A row is also the processing job: status 'processing' rows are claimed one at a time (claimed_at is the
-- lease) and turned into variants by the supervised worker process; only 'ready' rows are ever served.
-- Storage layout: photos/{id}/original (as received, private), photos/{id}/download (full resolution, GPS
-- removed), photos/{id}/web.jpg (2048 px, camera and copyright metadata, no GPS), photos/{id}/{width}.webp.

CREATE TABLE photos (
  id text PRIMARY KEY,
  owner text NOT NULL CHECK (owner IN ('gallery', 'studio')),
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
  original_key text NOT NULL,
  original_name text NOT NULL,
  content_type text NOT NULL,
  content_hash text NOT NULL,
  size_bytes bigint NOT NULL,
  width integer,
  height integer,
  variant_widths integer[] NOT NULL DEFAULT '{}',
  web_bytes bigint,
  download_bytes bigint,
  blur_data_url text,
  taken_at timestamptz,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photos_queue_idx ON photos (created_at) WHERE status = 'processing';
