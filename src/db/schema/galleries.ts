// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
// Owned by the client galleries (src/galleries/repositories). Mirrors src/db/migrations/0101_galleries.sql.
import { bigint, boolean, date, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { inquiries } from './bookings';
import { photos } from './photos';

export const galleries = pgTable(
  'galleries',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    weddingDate: date('wedding_date', { mode: 'string' }),
    coupleEmail: text('couple_email'),
    inquiryId: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    guestCode: text('guest_code'),
    published: boolean('published').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloads: text('downloads', { enum: ['none', 'web', 'original'] }).notNull().default('original'),
    zip: boolean('zip').notNull().default(true),
    downloadPin: text('download_pin'),
    selectionLimit: integer('selection_limit'),
    coverPhotoId: text('cover_photo_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('galleries_slug_key').on(t.slug)],
);

export const gallerySets = pgTable(
  'gallery_sets',
  {
    id: text('id').primaryKey(),
    galleryId: text('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('gallery_sets_slug_key').on(t.galleryId, t.slug)],
);

export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    photoId: text('photo_id')
      .primaryKey()
      .references(() => photos.id, { onDelete: 'cascade' }),
    galleryId: text('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    setId: text('set_id').references(() => gallerySets.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('gallery_photos_hash_key').on(t.galleryId, t.contentHash)],
);
