// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
// Owned by src/content/repositories/snapshots.server.ts. Mirrors src/db/migrations/0140_content_snapshots.sql.
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The last good answer of a remote content source per request key (stale-if-error across restarts). */
export const contentSnapshots = pgTable('content_snapshots', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
});
