// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
// Owned by the photo module (src/photos). Mirrors src/db/migrations/0100_photos.sql and 0170_photo_crc32.sql.
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const photos = pgTable('photos', {
  id: text('id').primaryKey(),
  owner: text('owner', { enum: ['gallery', 'studio'] }).notNull(),
  status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull().default('processing'),
  originalKey: text('original_key').notNull(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  contentHash: text('content_hash').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  width: integer('width'),
  height: integer('height'),
  variantWidths: integer('variant_widths').array().notNull().default([]),
  webBytes: bigint('web_bytes', { mode: 'number' }),
  downloadBytes: bigint('download_bytes', { mode: 'number' }),
  /** CRC-32 of the download and web files (migration 0170); null until known. */
  downloadCrc32: bigint('download_crc32', { mode: 'number' }),
  webCrc32: bigint('web_crc32', { mode: 'number' }),
  blurDataUrl: text('blur_data_url'),
  takenAt: timestamp('taken_at', { withTimezone: true }),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
