process.env.LOG_LEVEL ??= 'error';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres, restoredFromPgliteBackup } from '@tests/support/test-db';
import { addDays, addMonths, localToday } from '@/platform/dates';
import { availability, changeStatus, isDateFree, runMaintenance, submitInquiry } from '@/bookings/service.server';
import * as inquiriesRepo from '@/bookings/repositories/inquiries.server';
import * as listRepo from '@/bookings/repositories/list.server';
import * as historyRepo from '@/bookings/repositories/history.server';
import * as gdprRepo from '@/bookings/repositories/gdpr.server';
import * as outbox from '@/platform/mail-outbox.server';
import { runExclusive } from '@/platform/locks.server';
import { claimInquiry, createClaimToken, listClaimedInquiries } from '@/bookings/claims.server';
import { deliverPendingMail } from '@/platform/mail.server';
import { resetEnvForTests } from '@/platform/env';
import { countRows, resetBookings, testConfig, validInquiry } from '@tests/support/bookings-factories';

const repo = { ...inquiriesRepo, ...listRepo, ...historyRepo, ...gdprRepo, ...outbox };

/**
 * The same behaviour on PGlite, on PostgreSQL, and on a PostgreSQL database restored from a PGlite backup (the move
 * from one machine to several): the date lock, references, history and the outbox work on the restored copy.
 */
describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
  ['postgres restored from a PGlite backup' as const, hasPostgres],
])('bookings storage on %s', (variant, enabled) => {
  const kind = variant === 'pglite' ? 'pglite' : 'postgres';
  let h: DbHandle;
  const getDb = async () => h.db;
  const submit = (raw: unknown, opts: { key?: string; address?: string } = {}) =>
    submitInquiry(getDb, { kind: 'full', raw, idempotencyKey: opts.key ?? null, clientAddress: opts.address ?? '203.0.113.7', packageIds: [], config: testConfig });

  beforeAll(async () => {
    if (!enabled) return;
    if (variant !== 'postgres restored from a PGlite backup') {
      h = await createTestDb(kind);
      return;
    }
    // Bookings made on PGlite: one held (the date is locked), one confirmed, each with its history and mails.
    const made: { reference: string; status: string }[] = [];
    h = await restoredFromPgliteBackup(
      async (source) => {
        const sourceDb = async () => source.db;
        for (const [i, to] of [[1, 'held'], [2, 'confirmed']] as const) {
          const res = await submitInquiry(sourceDb, { kind: 'full', raw: validInquiry(300 + i), idempotencyKey: null, clientAddress: `203.0.113.${i}`, packageIds: [], config: testConfig });
          if (!res.ok) throw new Error('inquiry on PGlite not stored');
          expect(await changeStatus(source.db, { id: res.id, to, actor: 'admin', config: testConfig })).toMatchObject({ ok: true });
          made.push({ reference: res.reference, status: to });
        }
      },
      async (restored) => {
        for (const m of made) {
          const stored = await repo.findInquiryByReference(restored.db, m.reference);
          expect(stored?.status).toBe(m.status);
          expect((await repo.statusHistory(restored.db, stored!.id)).map((e) => e.toStatus)).toEqual(['new', m.status]);
          expect((await repo.mailsFor(restored.db, m.reference)).length).toBeGreaterThan(0);
        }
      },
    );
  }, 300_000);
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    if (enabled) await resetBookings(h);
  });

  it.runIf(enabled)('stores an inquiry with a reference, history and both e-mails queued', async () => {
    const res = await submit(validInquiry());
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.reference).toMatch(/^SV-\d{4}-[A-Z0-9]{4}$/);
    const stored = await repo.findInquiryByReference(h.db, res.reference);
    expect(stored).toMatchObject({ status: 'new', partner1: 'Jana Nováková', email: 'jana@example.cz', guestCount: 80, flags: [] });
    expect(await repo.statusHistory(h.db, res.id)).toMatchObject([{ fromStatus: null, toStatus: 'new', actor: 'api' }]);
    const mails = await repo.mailsFor(h.db, res.reference);
    expect(mails.map((m) => m.kind).sort()).toEqual(['inquiry-autoreply', 'inquiry-new']);
    expect(mails.find((m) => m.kind === 'inquiry-autoreply')?.to).toBe('jana@example.cz');
  });

  it.runIf(enabled)('100 concurrent submissions → 100 rows, none lost or duplicated', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => submit(validInquiry(100 + i, { email: `par${i}@example.cz` }), { address: `198.51.100.${i}` })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const refs = new Set(results.map((r) => (r.ok ? r.reference : '')));
    expect(refs.size).toBe(100);
    expect(await countRows(h, 'inquiries')).toBe(100);
  });

  it.runIf(enabled)('a retried submission with the same key → one row and the same reference', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(validInquiry(), { key: 'retry-key-0001' })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => (r.ok ? r.reference : ''))).size).toBe(1);
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
    expect(await countRows(h, 'inquiries')).toBe(1);
    const again = await submit(validInquiry(), { key: 'retry-key-0001' });
    expect(again.ok && again.reference).toBe(results[0].ok && results[0].reference);
    expect(await countRows(h, 'inquiries')).toBe(1);
  });

  it.runIf(enabled)('50 concurrent confirmations of one date → exactly one confirmed, the rest get the conflict message', async () => {
    const date = addDays(localToday(), 300);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await submit(validInquiry(300, { email: `c${i}@example.cz` }), { address: `192.0.2.${i}` });
      if (!r.ok) throw new Error(r.message);
      ids.push(r.id);
    }
    const results = await Promise.all(ids.map((id) => changeStatus(h.db, { id, to: 'confirmed', actor: 'admin@example.cz', config: testConfig })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const losers = results.filter((r) => !r.ok);
    expect(losers).toHaveLength(49);
    const [y, m, d] = date.split('-').map(Number);
    const czech = new Intl.DateTimeFormat('cs-CZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
    const list = await repo.listInquiries(h.db, { status: 'confirmed' });
    expect(list.total).toBe(1);
    // Each refusal names the inquiry that won the date, so the photographer can open it.
    const winner = list.items[0];
    for (const l of losers) {
      expect(l).toMatchObject({ status: 409, message: `Termín ${czech} už má potvrzená poptávka ${winner.reference} (${winner.partner2 ? `${winner.partner1} & ${winner.partner2}` : winner.partner1}).`, conflictWith: { id: winner.id, reference: winner.reference, status: 'confirmed' } });
    }
    expect(await availability(h.db, date, date, testConfig)).toEqual([date]);
  });

  it.runIf(enabled)('with capacity 2 per day, 10 concurrent holds → exactly two held', async () => {
    const config = { ...testConfig, capacityPerDay: 2 };
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await submit(validInquiry(310, { email: `k${i}@example.cz` }));
      if (!r.ok) throw new Error(r.message);
      ids.push(r.id);
    }
    const date = addDays(localToday(), 310);
    expect(await isDateFree(h.db, date, config)).toBe(true);
    const results = await Promise.all(ids.map((id) => changeStatus(h.db, { id, to: 'held', actor: 'admin', config })));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await isDateFree(h.db, date, config)).toBe(false);
    expect(await isDateFree(h.db, date, testConfig)).toBe(false);
  });

  it.runIf(enabled)('hold expiry releases the date', async () => {
    const a = await submit(validInquiry(150));
    const b = await submit(validInquiry(150, { email: 'b@example.cz' }));
    if (!a.ok || !b.ok) throw new Error('submit failed');
    const date = addDays(localToday(), 150);
    expect(await changeStatus(h.db, { id: a.id, to: 'held', actor: 'admin', config: testConfig })).toMatchObject({ ok: true });
    expect(await changeStatus(h.db, { id: b.id, to: 'held', actor: 'admin', config: testConfig })).toMatchObject({ ok: false, status: 409 });
    // Not yet expired.
    expect(await runMaintenance(h.db, testConfig, new Date(Date.now() + 13 * 86_400_000))).toMatchObject({ expired: 0 });
    expect(await isDateFree(h.db, date, testConfig)).toBe(false);
    expect(await runMaintenance(h.db, testConfig, new Date(Date.now() + 15 * 86_400_000))).toMatchObject({ expired: 1 });
    expect(await isDateFree(h.db, date, testConfig)).toBe(true);
    expect((await repo.findInquiry(h.db, a.id))?.status).toBe('expired');
    expect((await repo.statusHistory(h.db, a.id)).at(-1)).toMatchObject({ fromStatus: 'held', toStatus: 'expired' });
    expect(await changeStatus(h.db, { id: b.id, to: 'held', actor: 'admin', config: testConfig })).toMatchObject({ ok: true });
  });

  it.runIf(enabled)('enforces the transition table and records every change', async () => {
    const r = await submit(validInquiry());
    if (!r.ok) throw new Error(r.message);
    expect(await changeStatus(h.db, { id: r.id, to: 'done', actor: 'admin', config: testConfig })).toMatchObject({ ok: false, status: 400 });
    expect(await changeStatus(h.db, { id: r.id, to: 'expired', actor: 'admin', config: testConfig })).toMatchObject({ ok: false, status: 400 });
    for (const to of ['in_talks', 'held', 'confirmed', 'done'] as const) {
      expect(await changeStatus(h.db, { id: r.id, to, actor: 'anna@example.cz', note: `na ${to}`, config: testConfig })).toMatchObject({ ok: true });
    }
    expect(await changeStatus(h.db, { id: r.id, to: 'cancelled', actor: 'admin', config: testConfig })).toMatchObject({ ok: false, status: 400 });
    const history = await repo.statusHistory(h.db, r.id);
    expect(history.map((x) => [x.fromStatus, x.toStatus])).toEqual([
      [null, 'new'],
      ['new', 'in_talks'],
      ['in_talks', 'held'],
      ['held', 'confirmed'],
      ['confirmed', 'done'],
    ]);
    expect(history[2]).toMatchObject({ actor: 'anna@example.cz', note: 'na held' });
    // Confirmation queued an e-mail with an ICS invite.
    const mails = await repo.mailsFor(h.db, r.reference);
    expect(mails.map((m) => m.kind)).toContain('inquiry-confirmed');
    expect(await changeStatus(h.db, { id: 999999, to: 'in_talks', actor: 'admin', config: testConfig })).toMatchObject({ ok: false, status: 404 });
  });

  it.runIf(enabled)('anonymises inquiries that never became a booking (closed and open) after the retention period', async () => {
    const old = await submit(validInquiry(10, { email: 'old@example.cz' }));
    const stale = await submit(validInquiry(11, { email: 'stale@example.cz' }), { address: '203.0.113.8' });
    const talks = await submit(validInquiry(12, { email: 'talks@example.cz' }), { address: '203.0.113.9' });
    const booked = await submit(validInquiry(13, { email: 'booked@example.cz' }), { address: '203.0.113.10' });
    const recent = await submit(validInquiry(90, { email: 'recent@example.cz' }), { address: '203.0.113.11' });
    if (!old.ok || !stale.ok || !talks.ok || !booked.ok || !recent.ok) throw new Error('submit failed');
    await changeStatus(h.db, { id: old.id, to: 'declined', actor: 'admin', config: testConfig });
    await changeStatus(h.db, { id: talks.id, to: 'in_talks', actor: 'admin', config: testConfig });
    await changeStatus(h.db, { id: booked.id, to: 'confirmed', actor: 'admin', config: testConfig });
    await repo.addNote(h.db, old.id, 'admin', 'soukromá poznámka', new Date());
    // 13 months after the first wedding date: the first four weddings are past retention, the last is not.
    const later = new Date(`${addMonths(addDays(localToday(), 13), 13)}T12:00:00Z`);
    expect(await runMaintenance(h.db, testConfig, later)).toMatchObject({ anonymised: 3 });
    const a = await repo.findInquiry(h.db, old.id);
    expect(a).toMatchObject({ partner1: 'Anonymizováno', partner2: null, email: '', phone: null, message: null, status: 'declined' });
    expect(a?.anonymizedAt).toBeInstanceOf(Date);
    expect(a?.weddingDate).toBe(addDays(localToday(), 10));
    expect(await repo.notesOf(h.db, old.id)).toEqual([]);
    expect(await repo.mailsFor(h.db, old.reference)).toEqual([]);
    // Open inquiries (new, in_talks) are anonymised too, as the privacy notice promises.
    expect(await repo.findInquiry(h.db, stale.id)).toMatchObject({ email: '', partner1: 'Anonymizováno', status: 'new' });
    expect(await repo.findInquiry(h.db, talks.id)).toMatchObject({ email: '', partner1: 'Anonymizováno', status: 'in_talks' });
    // A booking (confirmed) and an inquiry still within retention keep their data.
    expect((await repo.findInquiry(h.db, booked.id))?.email).toBe('booked@example.cz');
    expect((await repo.findInquiry(h.db, recent.id))?.email).toBe('recent@example.cz');
    expect(await runMaintenance(h.db, testConfig, later)).toMatchObject({ anonymised: 0 });
    // A booking is kept for the contract's limitation period (3 years), then anonymised too.
    const muchLater = new Date(`${addMonths(addDays(localToday(), 13), 37)}T12:00:00Z`);
    expect(await runMaintenance(h.db, testConfig, muchLater)).toMatchObject({ anonymised: 2 });
    expect(await repo.findInquiry(h.db, booked.id)).toMatchObject({ email: '', partner1: 'Anonymizováno', status: 'confirmed' });
  });

  it.runIf(enabled)('exports and erases everything about one e-mail; the portal lists DTOs only', async () => {
    const a = await submit(validInquiry(60, { email: 'Gdpr@Example.cz' }));
    await submit(validInquiry(61, { email: 'other@example.cz' }));
    if (!a.ok) throw new Error(a.message);
    await repo.addNote(h.db, a.id, 'admin', 'volali jsme', new Date());
    // The portal lists only what the account attached through a mailed claim link, as DTOs without internal fields.
    const owner = 'builtin:gdpr-test' as const;
    expect(await listClaimedInquiries(h.db, owner)).toEqual([]);
    expect(await claimInquiry(h.db, await createClaimToken(h.db, a.id), owner)).toMatchObject({ ok: true });
    const portal = await listClaimedInquiries(h.db, owner);
    expect(portal).toHaveLength(1);
    expect(Object.keys(portal[0]).sort()).toEqual(['createdAt', 'kind', 'packageId', 'reference', 'status', 'statusLabel', 'town', 'venue', 'weddingDate']);
    const data = await repo.dataForEmail(h.db, 'gdpr@example.cz');
    expect(data.inquiries).toHaveLength(1);
    expect(data.inquiries[0].notes).toHaveLength(1);
    expect(data.mails.length).toBeGreaterThan(0);
    expect(await repo.eraseEmail(h.db, 'gdpr@example.cz')).toMatchObject({ inquiries: 1 });
    expect(await repo.findInquiry(h.db, a.id)).toBeNull();
    expect(await repo.mailsFor(h.db, a.reference)).toEqual([]);
    expect(await countRows(h, 'inquiries')).toBe(1);
  });

  it.runIf(enabled)('flags scam signs but stores the inquiry', async () => {
    const r = await submit(validInquiry(7, { venue: '', message: 'Platba zde: https://example.com/pay' }));
    if (!r.ok) throw new Error(r.message);
    expect((await repo.findInquiry(h.db, r.id))?.flags.sort()).toEqual(['date_soon', 'links', 'no_venue']);
  });

  it.runIf(enabled)('limits one client, while a flood of flagged inquiries does not block clean ones', async () => {
    const config = { ...testConfig, ratePerClient: 3, rateGlobal: 5 };
    const one = (i: number, over: Record<string, unknown>, address: string) =>
      submitInquiry(getDb, { kind: 'full', raw: validInquiry(200 + i, over), clientAddress: address, packageIds: [], config });
    const same = [];
    for (let i = 0; i < 4; i++) same.push(await one(i, {}, '203.0.113.50'));
    expect(same.slice(0, 3).every((r) => r.ok)).toBe(true);
    expect(same[3]).toMatchObject({ ok: false, status: 429 });
    // A flood from many addresses, all with links in the message: only 5 per minute get through.
    const flood = [];
    for (let i = 0; i < 8; i++) flood.push(await one(i, { message: 'http://spam.example' }, `10.0.0.${i}`));
    expect(flood.filter((r) => r.ok)).toHaveLength(5);
    expect(flood.filter((r) => !r.ok).every((r) => !r.ok && r.status === 429)).toBe(true);
    // A real couple still gets through.
    expect(await one(50, {}, '198.51.100.77')).toMatchObject({ ok: true });
  });

  it.runIf(enabled && kind === 'postgres')('runs the maintenance job on one instance at a time (advisory lock)', async () => {
    const slow = async () => (await runExclusive(h, 'bookings maintenance', async () => new Promise((r) => setTimeout(r, 400)))).ran;
    const ran = await Promise.all([slow(), slow(), slow()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await slow()).toBe(true);
  });

  it.runIf(enabled)('keeps the inquiry and retries when the SMTP server is down; the failure is visible', async () => {
    const before = process.env.SMTP_URL;
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    resetEnvForTests();
    try {
      const r = await submit(validInquiry());
      if (!r.ok) throw new Error(r.message);
      await deliverPendingMail(h.db, { now: new Date(Date.now() + 5_000) });
      expect(await repo.findInquiry(h.db, r.id)).not.toBeNull();
      const mails = await repo.mailsFor(h.db, r.reference);
      expect(mails).toHaveLength(2);
      for (const m of mails) expect(m).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.any(String) });
      expect((await repo.recentMails(h.db, 10, true)).map((m) => m.id).sort()).toEqual(mails.map((m) => m.id).sort());
      expect(await repo.requeueMail(h.db, mails[0].id, new Date())).toBe(true);
    } finally {
      if (before === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = before;
      resetEnvForTests();
    }
  });

  it.runIf(enabled)('answers 503 with a Czech message when the database is unreachable', async () => {
    const r = await submitInquiry(async () => Promise.reject(new Error('ECONNREFUSED')), {
      kind: 'full',
      raw: validInquiry(),
      clientAddress: '203.0.113.9',
      packageIds: [],
      config: testConfig,
    });
    expect(r).toMatchObject({ ok: false, status: 503 });
    expect(!r.ok && r.message).toContain('Zkuste to prosím znovu za chvíli');
  });
});
