-- The photographer's own weddings (admin content studio): weddings, their former slugs and their photos.
-- A photo row is the processing queue too: status 'processing' rows are claimed one at a time by a worker
-- (claimed_at is the lease), and only 'ready' rows are ever public (docs/decisions/032-studio-storage-and-queue.md).

CREATE TABLE studio_weddings (
  id text PRIMARY KEY,
  slug text NOT NULL,
  couple text NOT NULL,
  wedding_date date NOT NULL,
  location text NOT NULL,
  short_description text NOT NULL DEFAULT '',
  story text NOT NULL DEFAULT '',
  year integer NOT NULL,
  favorite boolean NOT NULL DEFAULT false,
  published boolean NOT NULL DEFAULT false,
  cover_photo_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT studio_weddings_slug_key UNIQUE (slug)
);
CREATE INDEX studio_weddings_published_idx ON studio_weddings (published, wedding_date DESC);

-- A slug a wedding had before: /weddings/{old} answers 308 to the current slug.
CREATE TABLE studio_wedding_slugs (
  slug text PRIMARY KEY,
  wedding_id text NOT NULL REFERENCES studio_weddings (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX studio_wedding_slugs_wedding_idx ON studio_wedding_slugs (wedding_id);

CREATE TABLE studio_photos (
  id text PRIMARY KEY,
  wedding_id text NOT NULL REFERENCES studio_weddings (id) ON DELETE CASCADE,
  position integer NOT NULL,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
  original_key text NOT NULL,
  original_name text NOT NULL,
  content_type text NOT NULL,
  content_hash text NOT NULL,
  size_bytes bigint NOT NULL,
  width integer,
  height integer,
  variant_widths integer[] NOT NULL DEFAULT '{}',
  blur_data_url text,
  alt text NOT NULL DEFAULT '',
  category text,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT studio_photos_hash_key UNIQUE (wedding_id, content_hash)
);
CREATE INDEX studio_photos_wedding_idx ON studio_photos (wedding_id, position);
CREATE INDEX studio_photos_queue_idx ON studio_photos (created_at) WHERE status = 'processing';
