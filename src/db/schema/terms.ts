// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
// Owned by the terms versions (src/content/repositories/terms-versions.server.ts). Mirrors src/db/migrations/0080_terms_versions.sql.
import { date, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const termsVersions = pgTable('terms_versions', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique('terms_versions_slug_key'),
  effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
  contentHash: text('content_hash').notNull(),
  snapshot: jsonb('snapshot').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
