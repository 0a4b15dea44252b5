// Not server-only by import: scripts and the benchmarks (plain tsx) load the schema; the app reaches it only from server code.
// Owned by the galleries domain's couple side (src/galleries/repositories/delivery-*.server.ts). Mirrors src/db/migrations/0110_gallery_delivery.sql.
import { bigint, bigserial, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const galleryVisitors = pgTable('gallery_visitors', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique('gallery_visitors_token_key'),
  galleryId: text('gallery_id').notNull(),
  kind: text('kind', { enum: ['couple', 'guest'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const galleryFavorites = pgTable(
  'gallery_favorites',
  {
    galleryId: text('gallery_id').notNull(),
    owner: text('owner').notNull(),
    photoId: text('photo_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.galleryId, t.owner, t.photoId] })],
);

export const gallerySelections = pgTable('gallery_selections', {
  galleryId: text('gallery_id').primaryKey(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  submittedBy: text('submitted_by'),
  reopenedAt: timestamp('reopened_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const gallerySelectionPhotos = pgTable(
  'gallery_selection_photos',
  {
    galleryId: text('gallery_id').notNull(),
    photoId: text('photo_id').notNull(),
    addedBy: text('added_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.galleryId, t.photoId] })],
);

export const galleryConsents = pgTable('gallery_consents', {
  galleryId: text('gallery_id').primaryKey(),
  given: boolean('given').notNull(),
  email: text('email'),
  visitorId: text('visitor_id'),
  answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
});

export const galleryActivity = pgTable('gallery_activity', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  galleryId: text('gallery_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  kind: text('kind').notNull(),
  visitorId: text('visitor_id'),
  email: text('email'),
  detail: text('detail').notNull().default(''),
  bytes: bigint('bytes', { mode: 'number' }),
});

export const galleryMails = pgTable(
  'gallery_mails',
  {
    galleryId: text('gallery_id').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    mailId: integer('mail_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.galleryId, t.kind, t.key] })],
);
