-- Private client galleries (src/galleries owns these tables). A gallery photo is a photo of the photo module
-- (photos.id) placed in one gallery, in one optional set, at a position; its content hash is kept here so the
-- same file uploaded twice into one gallery is recognised and skipped.

CREATE TABLE galleries (
  id text PRIMARY KEY,
  slug text NOT NULL,
  title text NOT NULL,
  wedding_date date,
  couple_email text,
  inquiry_id integer REFERENCES inquiries (id) ON DELETE SET NULL,
  code text NOT NULL,
  guest_code text,
  published boolean NOT NULL DEFAULT false,
  expires_at timestamptz,
  downloads text NOT NULL DEFAULT 'original' CHECK (downloads IN ('none', 'web', 'original')),
  zip boolean NOT NULL DEFAULT true,
  download_pin text,
  selection_limit integer CHECK (selection_limit IS NULL OR selection_limit > 0),
  cover_photo_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT galleries_slug_key UNIQUE (slug)
);
CREATE INDEX galleries_inquiry_idx ON galleries (inquiry_id) WHERE inquiry_id IS NOT NULL;
CREATE INDEX galleries_couple_email_idx ON galleries (lower(couple_email)) WHERE couple_email IS NOT NULL;

CREATE TABLE gallery_sets (
  id text PRIMARY KEY,
  gallery_id text NOT NULL REFERENCES galleries (id) ON DELETE CASCADE,
  slug text NOT NULL,
  title text NOT NULL,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gallery_sets_slug_key UNIQUE (gallery_id, slug)
);
CREATE INDEX gallery_sets_gallery_idx ON gallery_sets (gallery_id, position);

CREATE TABLE gallery_photos (
  photo_id text PRIMARY KEY REFERENCES photos (id) ON DELETE CASCADE,
  gallery_id text NOT NULL REFERENCES galleries (id) ON DELETE CASCADE,
  set_id text REFERENCES gallery_sets (id) ON DELETE SET NULL,
  position integer NOT NULL,
  file_name text NOT NULL,
  size_bytes bigint NOT NULL,
  content_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gallery_photos_hash_key UNIQUE (gallery_id, content_hash)
);
CREATE INDEX gallery_photos_gallery_idx ON gallery_photos (gallery_id, position);
