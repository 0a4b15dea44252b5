-- A reused Idempotency-Key with a different body is refused: the inquiry remembers a fingerprint of what
-- was sent under its key. Rows stored before this have none and keep answering replays as before.
-- Mirrors src/db/schema/bookings.ts.
ALTER TABLE inquiries ADD COLUMN IF NOT EXISTS idempotency_fingerprint text;
