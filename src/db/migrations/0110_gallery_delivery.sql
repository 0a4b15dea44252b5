-- The couple's side of client galleries (src/galleries, repositories/delivery-*.server.ts own these tables):
-- who has access (one row per browser that entered a code), favourites, the album selection, consent to publish,
-- the activity log and which mails went out. docs/decisions/078-gallery-delivery.md.

-- A browser that entered a gallery's code. The cookie holds a random token; only its hash is stored. code_hash
-- is the hash of the code it entered: when the photographer changes that code, the access ends.
CREATE TABLE gallery_visitors (
  id text PRIMARY KEY,
  token_hash text NOT NULL,
  gallery_id text NOT NULL REFERENCES galleries (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('couple', 'guest')),
  code_hash text NOT NULL,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gallery_visitors_token_key UNIQUE (token_hash)
);
CREATE INDEX gallery_visitors_gallery_idx ON gallery_visitors (gallery_id);

-- Favourites ("Oblíbené") of an owner: 'e:<e-mail>' once the visitor gave one (merges devices), else 'v:<visitor id>'.
CREATE TABLE gallery_favorites (
  gallery_id text NOT NULL REFERENCES galleries (id) ON DELETE CASCADE,
  owner text NOT NULL,
  photo_id text NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gallery_id, owner, photo_id)
);

-- The album selection ("Výběr do alba"): one per gallery, shared by the couple's devices. The row is the lock
-- that keeps the count within the limit under concurrent additions.
CREATE TABLE gallery_selections (
  gallery_id text PRIMARY KEY REFERENCES galleries (id) ON DELETE CASCADE,
  submitted_at timestamptz,
  submitted_by text,
  reopened_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE gallery_selection_photos (
  gallery_id text NOT NULL REFERENCES gallery_selections (gallery_id) ON DELETE CASCADE,
  photo_id text NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  added_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gallery_id, photo_id)
);

-- Souhlas se zveřejněním: the couple's answer, with who and when.
CREATE TABLE gallery_consents (
  gallery_id text PRIMARY KEY REFERENCES galleries (id) ON DELETE CASCADE,
  given boolean NOT NULL,
  email text,
  visitor_id text,
  answered_at timestamptz NOT NULL DEFAULT now()
);

-- Views, favourites, selections and every download: who (visitor, e-mail), when, what.
CREATE TABLE gallery_activity (
  id bigserial PRIMARY KEY,
  gallery_id text NOT NULL REFERENCES galleries (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL,
  visitor_id text,
  email text,
  detail text NOT NULL DEFAULT '',
  bytes bigint
);
CREATE INDEX gallery_activity_gallery_idx ON gallery_activity (gallery_id, at DESC);

-- Mails sent about a gallery, so each goes once: ('ready', the send's own id) and ('expiry-reminder', the expiry
-- it warned of — an extended gallery gets a new reminder).
CREATE TABLE gallery_mails (
  gallery_id text NOT NULL REFERENCES galleries (id) ON DELETE CASCADE,
  kind text NOT NULL,
  key text NOT NULL,
  mail_id integer,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gallery_id, kind, key)
);
