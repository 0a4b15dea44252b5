import 'server-only';
import nodemailer from 'nodemailer';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { getEnv } from './env';
import { log } from './log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `content` is text, or base64 when `encoding` says so (PDFs). */
  attachments?: { filename: string; content: string; contentType: string; encoding?: 'base64' }[];
  /** What the message is about, for the admin's outbox view (e.g. 'inquiry-autoreply'). */
  kind?: string;
  relatedId?: string;
}

/**
 * Every message is written to the outbox table first and sent afterwards, so a failing SMTP server never
 * loses a message (or the inquiry that caused it). Without SMTP_URL the outbox *is* the mailbox: messages stay
 * there with status `stored` for the admin to read, and the console prints them.
 */
export async function queueMail(db: Db, msg: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html ?? null,
      attachments: msg.attachments ?? null,
      kind: msg.kind ?? 'generic',
      relatedId: msg.relatedId ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

type Transport = ReturnType<typeof nodemailer.createTransport>;
const g = globalThis as unknown as { __mailTransport?: { url: string; t: Transport } };

function transport(url: string): Transport {
  if (!g.__mailTransport || g.__mailTransport.url !== url) {
    g.__mailTransport = { url, t: nodemailer.createTransport(url) };
  }
  return g.__mailTransport.t;
}

/** Backoff between attempts: 1 min, 2, 4 … capped at 6 h. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

export const MAX_MAIL_ATTEMPTS = 8;
/** How long a claimed message may stay `sending`; after that it counts as interrupted and is tried again. */
export const MAIL_LEASE_MS = 5 * 60_000;

// On globalThis: start-up (instrumentation) and the routes are separate bundles with their own module instances.
const senders = globalThis as unknown as { __defaultMailSender?: () => string };

/** Who mail comes from when MAIL_FROM is unset: the app layer names the site's own sender (her brand and e-mail). */
export function setDefaultSender(sender: () => string): void {
  senders.__defaultMailSender = sender;
}

/** The sender of every mail: MAIL_FROM, or the site's own (read per message, so a changed setting applies at once). */
export function mailFrom(): string {
  return getEnv().MAIL_FROM ?? senders.__defaultMailSender?.() ?? 'rezervace@localhost';
}

/** The bare address of the sender (`Brand <a@b.cz>` → `a@b.cz`). */
export function mailFromAddress(): string {
  const from = mailFrom();
  return from.match(/<([^>]+)>/)?.[1] ?? from;
}

/** Send what is due. Safe to call after every commit and from the scheduler; each row is claimed atomically. */
export async function deliverPendingMail(db: Db, opts: { ids?: number[]; now?: Date } = {}): Promise<void> {
  const env = getEnv();
  const now = opts.now ?? new Date();
  // Due: pending mail whose time has come, and mail whose sending lease ran out (the instance sending it crashed).
  const due = await db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['pending', 'sending']), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.id))
    .limit(50);
  for (const m of due) {
    if (opts.ids && !opts.ids.includes(m.id)) continue;
    if (m.status === 'sending') log.warn('mail: sending lease expired, trying again', { id: m.id, attempts: m.attempts });
    // Claim the row with a lease, so two instances never send the same message at once; a crash mid-send leaves
    // a lease that expires, and the message is tried again (a message may then arrive twice, never not at all).
    const claimed = await db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS) })
      .where(and(eq(mailOutbox.id, m.id), eq(mailOutbox.status, m.status), lte(mailOutbox.nextAttemptAt, now)))
      .returning({ attempts: mailOutbox.attempts });
    if (!claimed.length) continue;
    const attempts = claimed[0].attempts;
    if (m.status === 'sending' && attempts > MAX_MAIL_ATTEMPTS) {
      await db.update(mailOutbox).set({ status: 'failed', lastError: 'Odesílání bylo opakovaně přerušeno.' }).where(eq(mailOutbox.id, m.id));
      continue;
    }
    if (!env.SMTP_URL) {
      await db.update(mailOutbox).set({ status: 'stored', sentAt: new Date() }).where(eq(mailOutbox.id, m.id));
      log.info('mail stored in outbox (no SMTP_URL configured)', { to: m.toAddress, subject: m.subject, id: m.id });
      continue;
    }
    try {
      await transport(env.SMTP_URL).sendMail({
        from: mailFrom(),
        to: m.toAddress,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        attachments: m.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, encoding: a.encoding })),
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, m.id));
    } catch (err) {
      const failed = attempts >= MAX_MAIL_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: err instanceof Error ? err.message : String(err),
          nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, m.id));
      log.warn('mail delivery failed', { id: m.id, to: m.toAddress, attempts, err });
    }
  }
}

/** Queue and try to send at once (after the caller's transaction committed). Never throws on SMTP failure. */
export async function sendMail(db: Db, msg: MailMessage): Promise<number> {
  const id = await queueMail(db, msg);
  try {
    await deliverPendingMail(db, { ids: [id] });
  } catch (err) {
    log.warn('mail delivery attempt crashed; it stays queued', { id, err });
  }
  return id;
}

export type TestMailOutcome = { outcome: 'sent'; id: number } | { outcome: 'stored'; id: number } | { outcome: 'failed'; id: number; error: string };

/** A Czech sentence for an SMTP failure, with the server's own words after it. */
export function smtpErrorInCzech(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const detail = typeof e.message === 'string' ? e.message : String(err);
  const why =
    code === 'EAUTH'
      ? 'SMTP server odmítl přihlášení – zkontrolujte jméno a heslo v SMTP_URL.'
      : code === 'ECONNREFUSED' || /ECONNREFUSED/.test(detail)
        ? 'SMTP server odmítl spojení – zkontrolujte adresu a port v SMTP_URL.'
        : code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'ECONNECTION' || code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(detail)
          ? 'Ke SMTP serveru se nepodařilo připojit – zkontrolujte adresu v SMTP_URL a síť.'
          : code === 'EENVELOPE'
            ? 'SMTP server odmítl odesílatele nebo adresáta – zkontrolujte MAIL_FROM a adresu.'
            : 'SMTP server e-mail nepřijal.';
  return `${why} (${detail})`;
}

/**
 * The admin's "send me a test mail": recorded in the outbox like every message, but sent at once and only once,
 * so she sees the SMTP server's answer right away (no retries hiding a wrong password for an hour).
 */
export async function sendTestMail(db: Db, msg: MailMessage): Promise<TestMailOutcome> {
  const env = getEnv();
  const id = await queueMail(db, msg);
  if (!env.SMTP_URL) {
    await db.update(mailOutbox).set({ status: 'stored', sentAt: new Date(), attempts: 1 }).where(eq(mailOutbox.id, id));
    return { outcome: 'stored', id };
  }
  try {
    await transport(env.SMTP_URL).sendMail({ from: mailFrom(), to: msg.to, subject: msg.subject, text: msg.text });
    await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), attempts: 1, lastError: null }).where(eq(mailOutbox.id, id));
    return { outcome: 'sent', id };
  } catch (err) {
    const error = smtpErrorInCzech(err);
    await db.update(mailOutbox).set({ status: 'failed', attempts: 1, lastError: error }).where(eq(mailOutbox.id, id));
    log.warn('mail: test mail failed', { id, to: msg.to, err });
    return { outcome: 'failed', id, error };
  }
}
