-- Bookings: inquiries, their status history and notes. Kept in sync with src/db/schema/bookings.ts.
CREATE TABLE IF NOT EXISTS inquiries (
  id serial PRIMARY KEY,
  reference text NOT NULL,
  kind text NOT NULL DEFAULT 'full' CHECK (kind IN ('full', 'simple', 'contact')),
  status text NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'in_talks', 'held', 'confirmed', 'done', 'declined', 'cancelled', 'expired')),
  partner1 text NOT NULL,
  partner2 text,
  email text NOT NULL,
  phone text,
  wedding_date date,
  -- Which of the day's BOOKING_CAPACITY_PER_DAY places this inquiry occupies while held or confirmed.
  slot integer CHECK (slot IS NULL OR slot >= 0),
  venue text,
  town text,
  ceremony_time text,
  guest_count integer,
  package_id text,
  hours integer,
  message text,
  source text,
  consent boolean NOT NULL,
  marketing_consent boolean NOT NULL DEFAULT false,
  flags text[] NOT NULL DEFAULT '{}',
  hold_expires_at timestamptz,
  idempotency_key text,
  client_hash text,
  anonymized_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT inquiries_reference_key UNIQUE (reference),
  CONSTRAINT inquiries_idempotency_key UNIQUE (idempotency_key),
  -- A held or confirmed inquiry must name its date and slot, or the lock below could not see it.
  CONSTRAINT inquiries_lock_complete CHECK (status NOT IN ('held', 'confirmed') OR (wedding_date IS NOT NULL AND slot IS NOT NULL)),
  CONSTRAINT inquiries_hold_expiry CHECK (status <> 'held' OR hold_expires_at IS NOT NULL)
);

-- THE HARD LOCK: one held/confirmed inquiry per (date, slot). With capacity 1 every lock uses slot 0,
-- so two simultaneous confirmations of one date end with exactly one winner (a unique violation for the other).
CREATE UNIQUE INDEX IF NOT EXISTS inquiries_date_lock ON inquiries (wedding_date, slot) WHERE status IN ('held', 'confirmed');

-- Admin list: filter by status, sort by wedding date or arrival, search by e-mail.
CREATE INDEX IF NOT EXISTS inquiries_status_date_idx ON inquiries (status, wedding_date);
CREATE INDEX IF NOT EXISTS inquiries_wedding_date_idx ON inquiries (wedding_date);
CREATE INDEX IF NOT EXISTS inquiries_created_at_idx ON inquiries (created_at);
CREATE INDEX IF NOT EXISTS inquiries_email_idx ON inquiries (lower(email));
CREATE INDEX IF NOT EXISTS inquiries_hold_expiry_idx ON inquiries (hold_expires_at) WHERE status = 'held';

CREATE TABLE IF NOT EXISTS inquiry_status_history (
  id serial PRIMARY KEY,
  inquiry_id integer NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  actor text NOT NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS inquiry_status_history_inquiry_idx ON inquiry_status_history (inquiry_id, created_at);

CREATE TABLE IF NOT EXISTS inquiry_notes (
  id serial PRIMARY KEY,
  inquiry_id integer NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  author text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS inquiry_notes_inquiry_idx ON inquiry_notes (inquiry_id, created_at);
