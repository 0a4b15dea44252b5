// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load it; the app reaches it only from server code.
// Owned by the bookings domain (inquiries, status history, notes). Mirrors src/db/migrations/0020_bookings*.sql, 0021_bookings*.sql and 0022_bookings*.sql.
import { sql } from 'drizzle-orm';
import { FOLD_FROM, FOLD_TO, SEARCH_SEPARATOR } from '../search-fold';
import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What migration 0022 spells out (documentation for drizzle; the app never generates DDL). */
function searchTextExpression() {
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const sep = `E'\\x${SEARCH_SEPARATOR.charCodeAt(0).toString(16)}'`;
  const joined = ['partner1', "coalesce(partner2, '')", 'email', 'reference', "coalesce(venue, '')", "coalesce(town, '')"].join(` || ${sep} || `);
  return sql.raw(`translate(lower(${joined}), ${q(FOLD_FROM)}, ${q(FOLD_TO)})`);
}

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique('inquiries_reference_key'),
    kind: text('kind').notNull().default('full'),
    status: text('status').notNull().default('new'),
    partner1: text('partner1').notNull(),
    partner2: text('partner2'),
    email: text('email').notNull(),
    phone: text('phone'),
    weddingDate: date('wedding_date', { mode: 'string' }),
    slot: integer('slot'),
    venue: text('venue'),
    town: text('town'),
    ceremonyTime: text('ceremony_time'),
    guestCount: integer('guest_count'),
    packageId: text('package_id'),
    hours: integer('hours'),
    message: text('message'),
    source: text('source'),
    consent: boolean('consent').notNull(),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').unique('inquiries_idempotency_key'),
    /** sha256 of the kind and the validated input sent under the key (0033): a reuse with other data is refused. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    clientHash: text('client_hash'),
    /** The terms version (terms_versions, migration 0080) in force when the inquiry was sent. */
    termsVersionId: integer('terms_version_id'),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin search's haystack (migration 0022): searched columns joined, lower-cased, de-accented. Read-only. */
    searchText: text('search_text').generatedAlwaysAs(searchTextExpression),
  },
  (t) => [
    uniqueIndex('inquiries_date_lock').on(t.weddingDate, t.slot).where(sql`status IN ('held', 'confirmed')`),
    index('inquiries_status_date_idx').on(t.status, t.weddingDate),
    index('inquiries_wedding_date_id_idx').on(t.weddingDate, t.id.desc()),
    index('inquiries_wedding_date_desc_id_idx').on(t.weddingDate.desc().nullsLast(), t.id.desc()),
    index('inquiries_created_id_idx').on(t.createdAt, t.id),
    index('inquiries_status_created_idx').on(t.status, t.createdAt, t.id),
    index('inquiries_flagged_created_idx').on(t.createdAt, t.id).where(sql`cardinality(flags) > 0`),
    index('inquiries_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('inquiries_email_idx').on(sql`lower(${t.email})`),
    index('inquiries_hold_expiry_idx').on(t.holdExpiresAt).where(sql`status = 'held'`),
  ],
);

/**
 * Net change of the number of inquiries per (status, flagged, wedding year), appended by triggers on every
 * statement that writes `inquiries` (migration 0021); the sum per key is the count. Written only by those triggers
 * and by compaction (repository: compactInquiryCounts).
 */
export const inquiryCounts = pgTable('inquiry_counts', {
  status: text('status').notNull(),
  flagged: boolean('flagged').notNull(),
  weddingYear: integer('wedding_year'),
  n: bigint('n', { mode: 'number' }).notNull(),
});

export const inquiryStatusHistory = pgTable(
  'inquiry_status_history',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiry_status_history_inquiry_idx').on(t.inquiryId, t.createdAt)],
);

export const inquiryNotes = pgTable(
  'inquiry_notes',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiry_notes_inquiry_idx').on(t.inquiryId, t.createdAt)],
);

/** Which account may see an inquiry in /ucet: the one that opened a claim link mailed to its address (0031). */
export const inquiryClaims = pgTable(
  'inquiry_claims',
  {
    inquiryId: integer('inquiry_id')
      .primaryKey()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiry_claims_owner_idx').on(t.owner)],
);

/** Single-use claim links by the hash of their token (0031). */
export const inquiryClaimTokens = pgTable(
  'inquiry_claim_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('inquiry_claim_tokens_expiry_idx').on(t.expiresAt)],
);
