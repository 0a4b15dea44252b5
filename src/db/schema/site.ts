// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The photographer's settings saved in the admin, one row per section, merged over the content/ files (src/site). */
export const siteSettings = pgTable('site_settings', {
  section: text('section').primaryKey(),
  value: jsonb('value').notNull().$type<unknown>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
