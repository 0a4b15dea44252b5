import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { hitRateLimit } from '@/platform/rate-limit.server';
import { log } from '@/platform/log';
import { ensureCurrentTermsVersion } from '@/content/public.server';
import { addDays, addMonths, daysBetween, formatCzechDate, isValidIsoDate, localToday } from '@/platform/dates';
import { detectFlags } from './flags';
import { LIMITS, parseInquiry, type FieldErrorMap, type InquiryKind } from './input';
import {
  AUTO_REPLY_CLEAN_PER_DAY,
  AUTO_REPLY_FLAGGED_PER_DAY,
  AUTO_REPLY_PER_RECIPIENT,
  AUTO_REPLY_WINDOW_MS,
  CLIENT_WINDOW_MS,
  GLOBAL_CEILING_FACTOR,
  GLOBAL_WINDOW_MS,
  MAX_AVAILABILITY_DAYS,
  type BookingConfig,
} from './config';
import * as repo from './repositories/inquiries.server';
import type { InquiryListItem } from './types';
import { anonymiseClosedBefore } from './repositories/gdpr.server';
import { addNote as storeNote } from './repositories/history.server';
import { compactInquiryCounts } from './repositories/list.server';
import { clientHash, formAgeMs } from './secrets.server';
import { claimLink, createClaimToken } from './claims.server';

import { queueConfirmationMail, queueNewInquiryMails } from './notifications.server';
import { DATE_LOCKING_STATUSES, STATUS_LABELS, canTransition, type InquiryStatus } from './statuses';

/** Business rules of the booking domain. Callers (routes, actions, jobs) pass the database and config. */

export const TRY_AGAIN = 'Zkuste to prosím znovu za chvíli – poptávku se teď nepodařilo uložit.';

export type IntakeFailure = {
  ok: false;
  status: 400 | 409 | 413 | 415 | 422 | 429 | 503;
  message: string;
  fields?: FieldErrorMap;
  retryAfterSeconds?: number;
};
export type IntakeResult = { ok: true; id: number; reference: string; created: boolean; mailIds: number[] } | IntakeFailure;

export interface IntakeRequest {
  kind: InquiryKind;
  raw: unknown;
  idempotencyKey?: string | null;
  clientAddress: string;
  /** Forms only: the signed render timestamp and the honeypot value. */
  form?: { startedToken: unknown; honeypot: unknown };
  /** Package ids from the price list (empty: every short id is accepted). */
  packageIds: readonly string[];
  config: BookingConfig;
  now?: Date;
  actor?: string;
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key) && key.length <= LIMITS.idempotencyKey;
}

/**
 * Validates, rate-limits, flags and stores one inquiry; e-mails are queued only after the commit.
 * Every refusal is a 4xx with a Czech message; a database that cannot be reached is a 503 — never a 500.
 */
export async function submitInquiry(getDb: () => Promise<Db>, req: IntakeRequest): Promise<IntakeResult> {
  const now = req.now ?? new Date();
  const today = localToday(now);

  if (req.form) {
    const hp = req.form.honeypot;
    if (typeof hp === 'string' ? hp.trim() !== '' : hp !== undefined && hp !== null) {
      log.warn('inquiry rejected: honeypot filled', { kind: req.kind });
      return { ok: false, status: 400, message: 'Formulář se nepodařilo odeslat. Zkontrolujte prosím údaje a zkuste to znovu.' };
    }
  }
  if (req.idempotencyKey != null && !isValidIdempotencyKey(req.idempotencyKey)) {
    return { ok: false, status: 400, message: 'Neplatný klíč Idempotency-Key (8–100 znaků: písmena, číslice, - _ . :).' };
  }
  const parsed = parseInquiry(req.kind, req.raw, { today, packageIds: req.packageIds });
  if (!parsed.ok) {
    return { ok: false, status: 400, message: 'Opravte prosím vyznačená pole.', fields: parsed.fields };
  }
  const input = parsed.value;

  let db: Db;
  try {
    db = await getDb();
  } catch (err) {
    log.error('inquiry: database unavailable', { err });
    return { ok: false, status: 503, message: TRY_AGAIN };
  }

  try {
    if (req.form) {
      const age = await formAgeMs(db, req.form.startedToken, now.getTime());
      if (age === null) {
        // A form opened while the database was down carries an unsigned start, and a cached page's form sent before
        // its token arrived carries none; if the database is down, this ping throws and the visitor gets the 503
        // "try again" answer instead of "form expired" / "send again".
        const token = req.form.startedToken;
        if (typeof token === 'string' && (token === '' || token.endsWith('.unsigned'))) await db.execute(sql`select 1`);
        // A form from a cached page sent before its token arrived (or without JavaScript) has none: nothing expired.
        const message =
          req.form.startedToken === ''
            ? 'Ochrana proti nevyžádaným zprávám: odešlete prosím formulář ještě jednou. Vyplněné údaje zůstaly zachované.'
            : 'Formulář vypršel nebo byl poškozen. Zkontrolujte prosím údaje a odešlete jej znovu.';
        return { ok: false, status: 400, message };
      }
      if (age < req.config.minFillMs) {
        return { ok: false, status: 429, message: 'Formulář byl odeslán příliš rychle. Zkontrolujte prosím údaje a odešlete jej znovu.' };
      }
    }

    const fingerprint = req.idempotencyKey ? createHash('sha256').update(JSON.stringify([req.kind, input])).digest('hex') : null;
    if (req.idempotencyKey) {
      const existing = await repo.findByIdempotencyKey(db, req.idempotencyKey);
      if (existing) return replayOf(existing, fingerprint);
    }

    const clientKnown = req.clientAddress !== 'unknown' && req.clientAddress !== '';
    const hash = clientKnown ? await clientHash(db, req.clientAddress) : null;
    const flags = detectFlags(input, req.kind, today, clientKnown);

    // Per client: a handful per 10 minutes is plenty for a couple (and their retries).
    const perClient = await hitRateLimit(db, `inquiry:client:${hash ?? 'unknown'}`, req.config.ratePerClient, CLIENT_WINDOW_MS, now.getTime());
    if (!perClient.allowed) {
      return {
        ok: false,
        status: 429,
        message: 'Z vašeho připojení přišlo v krátké době příliš mnoho poptávek. Zkuste to prosím znovu za několik minut.',
        retryAfterSeconds: perClient.retryAfterSeconds,
      };
    }
    // Global: a flood from many addresses looks suspicious (links, no venue, near date, no address). Such
    // inquiries share one per-minute budget, so they cannot crowd out clean ones; every inquiry also counts
    // toward a much higher ceiling that protects the database itself.
    if (flags.some((f) => f !== 'date_soon')) {
      const suspicious = await hitRateLimit(db, 'inquiry:global:flagged', req.config.rateGlobal, GLOBAL_WINDOW_MS, now.getTime());
      if (!suspicious.allowed) {
        return { ok: false, status: 429, message: 'Právě přichází neobvykle mnoho poptávek. Zkuste to prosím znovu za minutu.', retryAfterSeconds: suspicious.retryAfterSeconds };
      }
    }
    const ceiling = await hitRateLimit(db, 'inquiry:global:all', req.config.rateGlobal * GLOBAL_CEILING_FACTOR, GLOBAL_WINDOW_MS, now.getTime());
    if (!ceiling.allowed) {
      return { ok: false, status: 429, message: 'Právě přichází neobvykle mnoho poptávek. Zkuste to prosím znovu za minutu.', retryAfterSeconds: ceiling.retryAfterSeconds };
    }

    // The terms the couple could read when sending: recorded (if changed) and stored with the inquiry. A failure
    // here must not lose the inquiry: it is stored without a version and the error is logged.
    let termsVersionId: number | null = null;
    try {
      termsVersionId = (await ensureCurrentTermsVersion(db, now)).id;
    } catch (err) {
      log.error('inquiry: the terms version could not be recorded', { err });
    }

    let stored: { id: number; reference: string };
    try {
      stored = await repo.insertInquiry(db, {
        kind: req.kind,
        input,
        flags,
        idempotencyKey: req.idempotencyKey ?? null,
        idempotencyFingerprint: fingerprint,
        clientHash: hash,
        termsVersionId,
        actor: req.actor ?? (req.form ? 'web' : 'api'),
        now,
      });
    } catch (err) {
      if (err instanceof repo.IdempotentReplay) return replayOf(err.existing, fingerprint);
      throw err;
    }

    // Committed. From here on nothing may turn the answer into a failure.
    let mailIds: number[] = [];
    try {
      const detail = await repo.findInquiry(db, stored.id);
      if (detail) {
        const autoReply = await autoReplyAllowed(db, input.email, flags, now);
        const claimUrl = autoReply ? claimLink(await createClaimToken(db, stored.id, now)) : undefined;
        mailIds = await queueNewInquiryMails(db, detail, { autoReply, claimUrl });
      }
    } catch (err) {
      log.error('inquiry stored but its e-mails could not be queued', { reference: stored.reference, err });
    }
    log.info('inquiry stored', { reference: stored.reference, kind: req.kind, flags });
    return { ok: true, ...stored, created: true, mailIds };
  } catch (err) {
    log.error('inquiry: storage failed', { err });
    return { ok: false, status: 503, message: TRY_AGAIN };
  }
}

/** May this inquiry's couple get an auto-reply? Counts against the budgets in config.ts (AUTO_REPLY_*). */
async function autoReplyAllowed(db: Db, email: string, flags: string[], now: Date): Promise<boolean> {
  const recipient = await clientHash(db, `mail:${email.trim().toLowerCase()}`);
  const perRecipient = await hitRateLimit(db, `autoreply:to:${recipient}`, AUTO_REPLY_PER_RECIPIENT, AUTO_REPLY_WINDOW_MS, now.getTime());
  if (!perRecipient.allowed) {
    log.warn('inquiry auto-reply skipped: recipient budget spent');
    return false;
  }
  const flagged = flags.some((f) => f !== 'date_soon');
  const daily = flagged
    ? await hitRateLimit(db, 'autoreply:flagged', AUTO_REPLY_FLAGGED_PER_DAY, AUTO_REPLY_WINDOW_MS, now.getTime())
    : await hitRateLimit(db, 'autoreply:clean', AUTO_REPLY_CLEAN_PER_DAY, AUTO_REPLY_WINDOW_MS, now.getTime());
  if (!daily.allowed) log.warn('inquiry auto-reply skipped: daily budget spent', { flagged });
  return daily.allowed;
}

/**
 * A retry under the same Idempotency-Key gets the original answer; the same key with different data is refused
 * (422, as Stripe does) instead of silently dropping the new data. Inquiries stored before fingerprints existed
 * answer as a replay.
 */
function replayOf(existing: repo.KeyedInquiry, fingerprint: string | null): IntakeResult {
  if (existing.fingerprint && fingerprint && existing.fingerprint !== fingerprint) {
    return {
      ok: false,
      status: 422,
      message: 'Klíč Idempotency-Key už byl použit pro jinou poptávku. Pro novou nebo upravenou poptávku použijte nový klíč.',
    };
  }
  return { ok: true, id: existing.id, reference: existing.reference, created: false, mailIds: [] };
}

export type AvailabilityResult = { ok: true; taken: string[] } | { ok: false; status: 400; message: string };

/** Parses and bounds an availability range (inclusive, at most MAX_AVAILABILITY_DAYS). */
export function parseRange(from: unknown, to: unknown): { ok: true; from: string; to: string } | { ok: false; status: 400; message: string } {
  if (typeof from !== 'string' || typeof to !== 'string' || !isValidIsoDate(from) || !isValidIsoDate(to)) {
    return { ok: false, status: 400, message: 'Zadejte prosím parametry from a to jako platná data ve formátu ISO 8601, např. from=2027-06-12.' };
  }
  if (to < from) return { ok: false, status: 400, message: 'Datum „to“ nesmí být dříve než „from“.' };
  if (daysBetween(from, to) > MAX_AVAILABILITY_DAYS) {
    return { ok: false, status: 400, message: `Rozsah může mít nejvýše ${MAX_AVAILABILITY_DAYS} dní.` };
  }
  return { ok: true, from, to };
}

export async function availability(db: Db, from: string, to: string, config: BookingConfig): Promise<string[]> {
  return repo.takenDates(db, from, to, config.capacityPerDay);
}

export async function isDateFree(db: Db, date: string, config: BookingConfig): Promise<boolean> {
  return (await repo.takenDates(db, date, date, config.capacityPerDay)).length === 0;
}

/** The inquiry holding a date another one asked for. */
export interface DateHolder {
  id: number;
  reference: string;
  couple: string;
  status: InquiryStatus;
}

export type ChangeResult = { ok: true; mailIds: number[] } | { ok: false; status: 400 | 404 | 409; message: string; conflictWith?: DateHolder };

export function dateConflictMessage(date: string, holder?: DateHolder): string {
  if (!holder) return `Termín ${formatCzechDate(date)} už je blokován jinou poptávkou.`;
  const how = holder.status === 'confirmed' ? 'potvrzená poptávka' : 'poptávka s blokovaným termínem';
  return `Termín ${formatCzechDate(date)} už má ${how} ${holder.reference} (${holder.couple}).`;
}

function coupleOf(i: Pick<InquiryListItem, 'partner1' | 'partner2'>): string {
  return i.partner2 ? `${i.partner1} & ${i.partner2}` : i.partner1;
}

/** The other open inquiries asking for this inquiry's wedding date (new, in talks, holding, confirmed). */
export async function sameDateInquiries(db: Db, inquiry: Pick<InquiryListItem, 'id' | 'weddingDate'>): Promise<InquiryListItem[]> {
  if (!inquiry.weddingDate) return [];
  return (await repo.openInquiriesOn(db, [inquiry.weddingDate])).filter((i) => i.id !== inquiry.id);
}

/** Who holds `date` (a held or confirmed inquiry other than `exceptId`), confirmed ones first. */
async function dateHolder(db: Db, date: string, exceptId: number): Promise<DateHolder | undefined> {
  const holders = (await repo.openInquiriesOn(db, [date])).filter((i) => i.id !== exceptId && DATE_LOCKING_STATUSES.includes(i.status));
  const h = holders.find((i) => i.status === 'confirmed') ?? holders[0];
  return h ? { id: h.id, reference: h.reference, couple: coupleOf(h), status: h.status } : undefined;
}

/** Moves an inquiry through the pipeline, enforcing the transition table and the date lock; records who did it. */
export async function changeStatus(
  db: Db,
  req: { id: number; to: InquiryStatus; actor: string; note?: string; config: BookingConfig; now?: Date },
): Promise<ChangeResult> {
  const now = req.now ?? new Date();
  const current = await repo.findInquiry(db, req.id);
  if (!current) return { ok: false, status: 404, message: 'Poptávka nebyla nalezena.' };
  if (current.anonymizedAt) return { ok: false, status: 400, message: 'Anonymizovanou poptávku už nelze měnit.' };
  if (!canTransition(current.status, req.to)) {
    return { ok: false, status: 400, message: `Ze stavu „${STATUS_LABELS[current.status]}“ nelze přejít do stavu „${STATUS_LABELS[req.to]}“.` };
  }
  const locks = (req.to === 'held' || req.to === 'confirmed') && current.status !== 'held' && current.status !== 'confirmed';
  if (locks && !current.weddingDate) return { ok: false, status: 400, message: 'Poptávka nemá datum svatby, termín proto nelze blokovat.' };
  const outcome = await repo.transitionInquiry(db, {
    id: req.id,
    from: current.status,
    to: req.to,
    actor: req.actor,
    note: req.note?.trim() ? req.note.trim().slice(0, 1000) : null,
    now,
    lock: locks ? { date: current.weddingDate as string, capacity: req.config.capacityPerDay } : undefined,
    holdExpiresAt: req.to === 'held' ? new Date(now.getTime() + req.config.holdDays * 86_400_000) : null,
  });
  if (outcome.kind === 'conflict') {
    const date = current.weddingDate as string;
    const holder = await dateHolder(db, date, current.id);
    return { ok: false, status: 409, message: dateConflictMessage(date, holder), conflictWith: holder };
  }
  if (outcome.kind === 'stale') return { ok: false, status: 409, message: 'Stav poptávky mezitím změnil někdo jiný. Obnovte prosím stránku.' };
  let mailIds: number[] = [];
  if (req.to === 'confirmed') {
    try {
      const fresh = await repo.findInquiry(db, req.id);
      if (fresh) mailIds = await queueConfirmationMail(db, fresh);
    } catch (err) {
      log.error('confirmation e-mail could not be queued', { id: req.id, err });
    }
  }
  return { ok: true, mailIds };
}

export async function addNote(db: Db, id: number, author: string, body: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const text = body.trim();
  if (!text) return { ok: false, message: 'Poznámka nesmí být prázdná.' };
  if (text.length > 5000) return { ok: false, message: 'Poznámka je příliš dlouhá (nejvýše 5000 znaků).' };
  if (!(await repo.findInquiry(db, id))) return { ok: false, message: 'Poptávka nebyla nalezena.' };
  await storeNote(db, id, author, text, new Date());
  return { ok: true };
}

/** The scheduled work: release expired holds, anonymise inquiries and bookings past retention, compact the list counts. */
export async function runMaintenance(db: Db, config: BookingConfig, now = new Date()): Promise<{ expired: number; anonymised: number }> {
  const expired = await repo.expireHolds(db, now);
  for (const e of expired) log.info('hold expired, date released', { reference: e.reference });
  const cutoff = addMonths(localToday(now), -config.retentionMonths);
  const open = await anonymiseClosedBefore(db, cutoff, now);
  // Bookings (confirmed, done, and cancelled after confirmation) are kept for the contract's limitation period,
  // then anonymised the same way.
  const contractCutoff = addMonths(localToday(now), -config.contractRetentionMonths);
  const booked = await anonymiseClosedBefore(db, contractCutoff, now, ['confirmed', 'done', 'cancelled']);
  const anonymised = open + booked;
  if (anonymised) log.info('inquiries anonymised', { count: anonymised, cutoff, contractCutoff });
  // The admin list's counts: fold the rows the triggers append (see migration 0021) before they pile up.
  await compactInquiryCounts(db);
  return { expired: expired.length, anonymised };
}

export function defaultAvailabilityWindow(today = localToday()): { from: string; to: string } {
  return { from: today, to: addDays(today, MAX_AVAILABILITY_DAYS) };
}

/** A held inquiry's hold now ends at `until` (recorded in its history); false when it is no longer held. */
export async function setHoldExpiry(db: Db, req: { id: number; until: Date; actor: string; note: string; now?: Date }): Promise<boolean> {
  return repo.setHoldExpiry(db, req.id, req.until, req.actor, req.note, req.now ?? new Date());
}

export async function getInquiry(db: Db, id: number) {
  return repo.findInquiry(db, id);
}
