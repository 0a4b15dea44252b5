import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { siteUrl } from '@/platform/env';
import { STATUS_LABELS, isStatus } from './statuses';
import type { InquiryKind } from './input';
import type { CoupleInquiry } from './types';

/**
 * Who sees an inquiry in the couple's account. Not anyone whose account has the same e-mail — anybody can register
 * an address they do not own — but the account that was signed in when someone opened a single-use link mailed
 * to the inquiry's address after the inquiry existed: that person controls the mailbox *and* the account.
 * The link comes in the auto-reply, or on request from /ucet (one mail listing every inquiry of the address).
 */
export const CLAIM_TTL_MS = 30 * 86_400_000;

export type ClaimOwner = `${'builtin' | 'strapi'}:${string}`;

// Dates travel as ISO strings: postgres-js (unlike PGlite) does not serialise a Date inside a raw sql template.

/** The page that uses a claim token (asks to sign in first). */
export function claimLink(token: string): string {
  return `${siteUrl()}/ucet/pripojit-poptavku?t=${encodeURIComponent(token)}`;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh single-use token for the inquiry (earlier ones stay valid until used or expired). */
export async function createClaimToken(db: Db, inquiryId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + CLAIM_TTL_MS);
  await db.execute(sql`INSERT INTO inquiry_claim_tokens (token_hash, inquiry_id, expires_at) VALUES (${hashToken(token)}, ${inquiryId}, ${expires.toISOString()}::timestamptz)`);
  return token;
}

export type ClaimPreview = { ok: true; reference: string; ownedBy: string | null } | { ok: false; message: string };

const INVALID = 'Odkaz je neplatný nebo už byl použit. Nový si můžete nechat poslat na stránce svého účtu.';
const EXPIRED = 'Platnost odkazu vypršela. Nový si můžete nechat poslat na stránce svého účtu.';

/** What a link points at, without using it (for the confirmation page). */
export async function previewClaim(db: Db, token: string, now = new Date()): Promise<ClaimPreview> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false, message: INVALID };
  const rows = rowsOf<{ reference: string; owner: string | null; expires_at: Date | string; anonymized_at: Date | null }>(
    await db.execute(sql`
      SELECT i.reference, c.owner, t.expires_at, i.anonymized_at
      FROM inquiry_claim_tokens t JOIN inquiries i ON i.id = t.inquiry_id LEFT JOIN inquiry_claims c ON c.inquiry_id = i.id
      WHERE t.token_hash = ${hashToken(token)}`),
  );
  const row = rows[0];
  if (!row || row.anonymized_at) return { ok: false, message: INVALID };
  if (new Date(row.expires_at).getTime() < now.getTime()) return { ok: false, message: EXPIRED };
  return { ok: true, reference: row.reference, ownedBy: row.owner };
}

/** Uses the link: attaches the inquiry to `owner` (the latest proof of the mailbox wins) and spends the token. */
export async function claimInquiry(db: Db, token: string, owner: ClaimOwner, now = new Date()): Promise<ClaimPreview> {
  const preview = await previewClaim(db, token, now);
  if (!preview.ok) return preview;
  const rows = rowsOf<{ inquiry_id: number }>(
    await db.execute(sql`DELETE FROM inquiry_claim_tokens WHERE token_hash = ${hashToken(token)} AND expires_at >= ${now.toISOString()}::timestamptz RETURNING inquiry_id`),
  );
  const inquiryId = rows[0]?.inquiry_id;
  if (inquiryId === undefined) return { ok: false, message: INVALID };
  await db.execute(sql`
    INSERT INTO inquiry_claims (inquiry_id, owner, claimed_at) VALUES (${inquiryId}, ${owner}, ${now.toISOString()}::timestamptz)
    ON CONFLICT (inquiry_id) DO UPDATE SET owner = EXCLUDED.owner, claimed_at = EXCLUDED.claimed_at`);
  return { ok: true, reference: preview.reference, ownedBy: owner };
}

export async function pruneClaimTokens(db: Db, now = new Date()): Promise<void> {
  await db.execute(sql`DELETE FROM inquiry_claim_tokens WHERE expires_at < ${now.toISOString()}::timestamptz`);
}

/** The inquiries attached to this account, newest first, as DTOs without internal fields. */
export async function listClaimedInquiries(db: Db, owner: ClaimOwner): Promise<CoupleInquiry[]> {
  const rows = rowsOf<{
    reference: string;
    kind: string;
    status: string;
    wedding_date: string | null;
    venue: string | null;
    town: string | null;
    package_id: string | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      SELECT i.reference, i.kind, i.status, i.wedding_date::text AS wedding_date, i.venue, i.town, i.package_id, i.created_at
      FROM inquiry_claims c JOIN inquiries i ON i.id = c.inquiry_id
      WHERE c.owner = ${owner} AND i.anonymized_at IS NULL
      ORDER BY i.created_at DESC, i.id DESC`),
  );
  return rows.map((r) => {
    const status = isStatus(r.status) ? r.status : 'new';
    return {
      reference: r.reference,
      kind: r.kind as InquiryKind,
      status,
      statusLabel: STATUS_LABELS[status],
      weddingDate: r.wedding_date,
      venue: r.venue,
      town: r.town,
      packageId: r.package_id,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}

/**
 * Fresh links for every inquiry sent from `email` that this account does not hold yet. Returns the references
 * with their tokens (the caller mails them to that address — never shows them on the page).
 */
export async function claimTokensForEmail(db: Db, email: string, owner: ClaimOwner, now = new Date()): Promise<{ reference: string; token: string }[]> {
  const rows = rowsOf<{ id: number; reference: string }>(
    await db.execute(sql`
      SELECT i.id, i.reference FROM inquiries i LEFT JOIN inquiry_claims c ON c.inquiry_id = i.id
      WHERE lower(i.email) = ${email.trim().toLowerCase()} AND i.anonymized_at IS NULL AND (c.owner IS NULL OR c.owner <> ${owner})
      ORDER BY i.created_at DESC LIMIT 20`),
  );
  const out: { reference: string; token: string }[] = [];
  for (const r of rows) out.push({ reference: r.reference, token: await createClaimToken(db, r.id, now) });
  return out;
}

/** Ids and references of the inquiries attached to this account (for other domains' per-inquiry documents). */
export async function claimedInquiryRefs(db: Db, owner: ClaimOwner): Promise<{ id: number; reference: string }[]> {
  const rows = rowsOf<{ id: number; reference: string }>(
    await db.execute(sql`
      SELECT i.id, i.reference FROM inquiry_claims c JOIN inquiries i ON i.id = c.inquiry_id
      WHERE c.owner = ${owner} AND i.anonymized_at IS NULL`),
  );
  return rows.map((r) => ({ id: Number(r.id), reference: r.reference }));
}
