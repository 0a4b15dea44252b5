// Not server-only by import: scripts/admin-create.ts and the benchmarks (plain tsx) load the schema index.
// Owned by the billing domain (contracts, deposits, bank payments, invoices). Mirrors src/db/migrations/0120_billing.sql.
import { bigint, customType, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { inquiries } from './bookings';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('sent'),
    price: integer('price').notNull(),
    depositAmount: integer('deposit_amount').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    sentPdfSha256: text('sent_pdf_sha256').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    sentBy: text('sent_by').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedNames: text('accepted_names'),
    acceptedBy: text('accepted_by'),
    acceptedClientHash: text('accepted_client_hash'),
    signedPdf: bytea('signed_pdf'),
    signedPdfSha256: text('signed_pdf_sha256'),
  },
  (t) => [index('contracts_inquiry_idx').on(t.inquiryId)],
);

export const deposits = pgTable(
  'deposits',
  {
    contractId: uuid('contract_id')
      .primaryKey()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    variableSymbol: text('variable_symbol').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('unpaid'),
    paidHalers: bigint('paid_halers', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('deposits_vs_idx').on(t.variableSymbol)],
);

export const bankPayments = pgTable('bank_payments', {
  id: uuid('id').primaryKey(),
  fingerprint: text('fingerprint').notNull().unique(),
  bookedOn: date('booked_on', { mode: 'string' }).notNull(),
  amountHalers: bigint('amount_halers', { mode: 'number' }).notNull(),
  variableSymbol: text('variable_symbol'),
  counterAccount: text('counter_account'),
  counterName: text('counter_name'),
  message: text('message'),
  bankReference: text('bank_reference'),
  source: text('source').notNull(),
  status: text('status').notNull().default('new'),
  inquiryId: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  appliedBy: text('applied_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    inquiryId: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    paidOn: date('paid_on', { mode: 'string' }),
    snapshot: jsonb('snapshot').notNull(),
    pdf: bytea('pdf').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('invoices_inquiry_idx').on(t.inquiryId), uniqueIndex('invoices_kind_key').on(t.inquiryId, t.kind)],
);

export const bankCsvMappings = pgTable('bank_csv_mappings', {
  id: integer('id').primaryKey().default(1),
  mapping: jsonb('mapping').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

