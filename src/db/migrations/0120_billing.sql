-- Contracts, deposits, bank payments and invoices (the billing domain). Mirrors src/db/schema/billing.ts.
-- Issued documents are immutable: the signed contract and every invoice keep their own snapshot (JSON) and the
-- PDF bytes with their SHA-256; a correction is a new document (docs/decisions/080-billing-documents.md).

CREATE TABLE IF NOT EXISTS contracts (
  id uuid PRIMARY KEY,
  inquiry_id integer NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  -- sent → accepted; a newer contract for the same inquiry voids the older one (its link stops working)
  status text NOT NULL DEFAULT 'sent',
  price integer NOT NULL,
  deposit_amount integer NOT NULL,
  -- what the couple reads and accepts: parties, items, terms of the day, the text (never changed after insert)
  snapshot jsonb NOT NULL,
  sent_pdf_sha256 text NOT NULL,
  sent_at timestamptz NOT NULL,
  sent_by text NOT NULL,
  accepted_at timestamptz,
  accepted_names text,
  -- `account builtin:12 (e-mail …)` or `mailbox …` (the token from the mail)
  accepted_by text,
  -- salted hash of the client address, as every other stored client address
  accepted_client_hash text,
  signed_pdf bytea,
  signed_pdf_sha256 text
);
CREATE INDEX IF NOT EXISTS contracts_inquiry_idx ON contracts (inquiry_id);
-- At most one live (sent or accepted) contract per inquiry.
CREATE UNIQUE INDEX IF NOT EXISTS contracts_live_key ON contracts (inquiry_id) WHERE status IN ('sent', 'accepted');

CREATE TABLE IF NOT EXISTS deposits (
  contract_id uuid PRIMARY KEY REFERENCES contracts (id) ON DELETE CASCADE,
  inquiry_id integer NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  amount integer NOT NULL,
  variable_symbol text NOT NULL,
  due_date date NOT NULL,
  -- unpaid → paid; unpaid → expired (the hold ran out); void when its contract was replaced
  status text NOT NULL DEFAULT 'unpaid',
  -- received so far, in haléře (statements carry them)
  paid_halers bigint NOT NULL DEFAULT 0,
  paid_at timestamptz,
  -- 0 none, 1 the reminder before the due date, 2 the one on it, 3 the expiry mail
  reminders_sent integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS deposits_vs_idx ON deposits (variable_symbol);
CREATE INDEX IF NOT EXISTS deposits_open_idx ON deposits (due_date) WHERE status = 'unpaid';

-- Incoming payments read from bank statements (or entered by hand). The fingerprint makes a statement uploaded
-- twice — or the same payment in a GPC and a camt.053 export — one row.
CREATE TABLE IF NOT EXISTS bank_payments (
  id uuid PRIMARY KEY,
  fingerprint text NOT NULL UNIQUE,
  booked_on date NOT NULL,
  -- in haléře: statements carry them, deposits are whole crowns
  amount_halers bigint NOT NULL,
  variable_symbol text,
  counter_account text,
  counter_name text,
  message text,
  bank_reference text,
  source text NOT NULL,
  -- new (listed, waiting for her decision) → applied (to inquiry_id) | ignored
  status text NOT NULL DEFAULT 'new',
  inquiry_id integer REFERENCES inquiries (id) ON DELETE SET NULL,
  applied_at timestamptz,
  applied_by text,
  created_at timestamptz NOT NULL
);

-- Invoices: a gapless numbered series per year. The counter row is updated in the same transaction as the insert,
-- so a failed issue gives its number back.
CREATE TABLE IF NOT EXISTS invoice_counters (
  year integer PRIMARY KEY,
  last integer NOT NULL
);
CREATE TABLE IF NOT EXISTS invoices (
  id uuid PRIMARY KEY,
  number text NOT NULL UNIQUE,
  year integer NOT NULL,
  seq integer NOT NULL,
  -- deposit (receipt of the paid deposit) | final (the rest after the wedding)
  kind text NOT NULL,
  -- kept when the inquiry is erased: an issued invoice is an accounting record
  inquiry_id integer REFERENCES inquiries (id) ON DELETE SET NULL,
  reference text NOT NULL,
  amount integer NOT NULL,
  issued_on date NOT NULL,
  due_on date,
  paid_on date,
  snapshot jsonb NOT NULL,
  pdf bytea NOT NULL,
  pdf_sha256 text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (year, seq)
);
CREATE INDEX IF NOT EXISTS invoices_inquiry_idx ON invoices (inquiry_id);
-- One receipt for the deposit and one final invoice per booking.
CREATE UNIQUE INDEX IF NOT EXISTS invoices_kind_key ON invoices (inquiry_id, kind);

-- The bank CSV's column mapping, chosen once by the photographer.
CREATE TABLE IF NOT EXISTS bank_csv_mappings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
