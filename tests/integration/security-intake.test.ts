process.env.LOG_LEVEL ??= 'error';

/**
 * The intake is not a mail relay: the auto-reply to the unverified address never repeats the
 * free text, is limited per recipient and per day, and a flood of flagged inquiries cannot spend the clean budget.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { submitInquiry } from '@/bookings/service.server';
import { CLAIM_TTL_MS, claimInquiry, claimTokensForEmail, listClaimedInquiries } from '@/bookings/claims.server';
import { AUTO_REPLY_FLAGGED_PER_DAY, AUTO_REPLY_PER_RECIPIENT } from '@/bookings/config';
import { resetBookings, testConfig, validInquiry } from '@tests/support/bookings-factories';

describe.each(hasPostgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const))('inquiry auto-replies (%s)', (kind) => {
  let h: DbHandle;
  const getDb = async () => h.db;
  let n = 0;
  const submit = (raw: Record<string, unknown>) => {
    n += 1;
    return submitInquiry(getDb, { kind: 'full', raw, idempotencyKey: null, clientAddress: `203.0.113.${n % 250}`, packageIds: [], config: testConfig });
  };
  const autoReplies = async () =>
    rowsOf<{ to_address: string; text: string; html: string | null }>(
      await h.db.execute(sql`SELECT to_address, text, html FROM mail_outbox WHERE kind = 'inquiry-autoreply' ORDER BY id`),
    );

  beforeAll(async () => {
    h = await createTestDb(kind);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await resetBookings(h);
  });

  it('never repeats the free text typed into the form to the unverified address', async () => {
    const res = await submit(
      validInquiry(200, {
        email: 'obet@example.cz',
        partner1: 'Kupte levne https://spam.example',
        partner2: 'Reklama Dva',
        venue: 'Navstivte evil.example',
        town: 'Spamov',
        message: 'Tento text nesmí odejít cizímu člověku',
      }),
    );
    expect(res.ok).toBe(true);
    const [reply] = await autoReplies();
    expect(reply.to_address).toBe('obet@example.cz');
    for (const bit of ['spam.example', 'Reklama', 'evil.example', 'Spamov', 'Tento text nesmí']) {
      expect(reply.text).not.toContain(bit);
      expect(reply.html ?? '').not.toContain(bit);
    }
    if (res.ok) expect(reply.text).toContain(res.reference);
    // The photographer still gets everything.
    const toAnna = rowsOf<{ text: string }>(await h.db.execute(sql`SELECT text FROM mail_outbox WHERE kind = 'inquiry-new'`));
    expect(toAnna[0].text).toContain('Tento text nesmí odejít cizímu člověku');
  });

  it('sends at most a few auto-replies to one address per day, yet stores every inquiry', async () => {
    for (let i = 0; i < AUTO_REPLY_PER_RECIPIENT + 4; i++) {
      expect((await submit(validInquiry(200 + i, { email: 'Obet@Example.cz' }))).ok).toBe(true);
    }
    expect((await autoReplies()).length).toBe(AUTO_REPLY_PER_RECIPIENT);
    const stored = rowsOf<{ n: number }>(await h.db.execute(sql`SELECT count(*)::int AS n FROM inquiries`));
    expect(Number(stored[0].n)).toBe(AUTO_REPLY_PER_RECIPIENT + 4);
  });

  it('a flood of flagged inquiries spends only its own budget; a clean inquiry still gets its reply', async () => {
    for (let i = 0; i < AUTO_REPLY_FLAGGED_PER_DAY + 10; i++) {
      await submit(validInquiry(200, { email: `bot-${i}@example.cz`, venue: '', message: `https://spam.example/${i}` }));
    }
    expect((await autoReplies()).length).toBe(AUTO_REPLY_FLAGGED_PER_DAY);
    expect((await submit(validInquiry(250, { email: 'skutecny.par@example.cz' }))).ok).toBe(true);
    expect((await autoReplies()).map((m) => m.to_address)).toContain('skutecny.par@example.cz');
  });
});

describe.each(hasPostgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const))('claim links (%s)', (kind) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb(kind);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await resetBookings(h);
  });

  it('attach an inquiry to the account that opens them; single use; several may be valid; expired ones fail', async () => {
    const res = await submitInquiry(async () => h.db, { kind: 'full', raw: validInquiry(230, { email: 'par@example.cz' }), idempotencyKey: null, clientAddress: '203.0.113.60', packageIds: [], config: testConfig });
    if (!res.ok) throw new Error(res.message);
    // The auto-reply's link and one requested later are both valid.
    const fromAutoReply = (rowsOf<{ text: string }>(await h.db.execute(sql`SELECT text FROM mail_outbox WHERE kind = 'inquiry-autoreply'`))[0].text.match(/pripojit-poptavku\?t=([\w-]+)/) ?? [])[1];
    expect(fromAutoReply).toBeTruthy();
    const [requested] = await claimTokensForEmail(h.db, 'PAR@example.cz', 'builtin:7');
    expect(requested.reference).toBe(res.reference);
    expect(await listClaimedInquiries(h.db, 'builtin:7')).toEqual([]);
    expect(await claimInquiry(h.db, requested.token, 'builtin:7')).toMatchObject({ ok: true, reference: res.reference });
    expect((await listClaimedInquiries(h.db, 'builtin:7')).map((i) => i.reference)).toEqual([res.reference]);
    expect(await claimInquiry(h.db, requested.token, 'builtin:8')).toMatchObject({ ok: false });
    // The mailbox owner's later proof wins over an earlier one.
    expect(await claimInquiry(h.db, decodeURIComponent(fromAutoReply!), 'builtin:8')).toMatchObject({ ok: true });
    expect(await listClaimedInquiries(h.db, 'builtin:7')).toEqual([]);
    const [late] = await claimTokensForEmail(h.db, 'par@example.cz', 'builtin:9');
    expect(await claimInquiry(h.db, late.token, 'builtin:9', new Date(Date.now() + CLAIM_TTL_MS + 60_000))).toMatchObject({ ok: false, message: expect.stringContaining('vypršela') });
  });
});
