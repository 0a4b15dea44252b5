// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
// Owned by the content studio (the photographer's own weddings and photos). Mirrors src/db/migrations/0040_studio.sql.
import { boolean, date, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { photos } from './photos';

export const studioWeddings = pgTable(
  'studio_weddings',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    couple: text('couple').notNull(),
    weddingDate: date('wedding_date', { mode: 'string' }).notNull(),
    location: text('location').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    story: text('story').notNull().default(''),
    year: integer('year').notNull(),
    favorite: boolean('favorite').notNull().default(false),
    published: boolean('published').notNull().default(false),
    coverPhotoId: text('cover_photo_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('studio_weddings_slug_key').on(t.slug)],
);

export const studioWeddingSlugs = pgTable('studio_wedding_slugs', {
  slug: text('slug').primaryKey(),
  weddingId: text('wedding_id')
    .notNull()
    .references(() => studioWeddings.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where a studio photo is shown and how it is described; the photo itself (upload, processing state, sizes) is a row
 * of `photos` with the same id (migration 0160_studio_on_photos.sql), reached only through the photo module.
 */
export const studioPhotos = pgTable(
  'studio_photos',
  {
    id: text('id')
      .primaryKey()
      .references(() => photos.id, { onDelete: 'cascade' }),
    /** Null for the site's own photos (hero, portrait): migration 0150_site_photos.sql. */
    weddingId: text('wedding_id').references(() => studioWeddings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    originalName: text('original_name').notNull(),
    contentHash: text('content_hash').notNull(),
    alt: text('alt').notNull().default(''),
    category: text('category'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('studio_photos_hash_key').on(t.weddingId, t.contentHash)],
);

// Blog posts of the studio. Mirrors src/db/migrations/0060_studio_posts.sql.
export const studioPosts = pgTable(
  'studio_posts',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    postDate: date('post_date', { mode: 'string' }).notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull().default(''),
    coverPhotoId: text('cover_photo_id').references(() => studioPhotos.id, { onDelete: 'set null' }),
    published: boolean('published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('studio_posts_slug_key').on(t.slug)],
);

export const studioPostSlugs = pgTable('studio_post_slugs', {
  slug: text('slug').primaryKey(),
  postId: text('post_id')
    .notNull()
    .references(() => studioPosts.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
