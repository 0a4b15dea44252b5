process.env.LOG_LEVEL ??= 'error';
/**
 * a reused Idempotency-Key with different data is refused (422, Czech) instead of silently
 * answering the old reference; a mail left in `sending` by a crashed instance is retried once its lease expires
 * (over real SMTP) and shows as a problem in the admin's outbox until then.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { rowsOf, type DbHandle } from '@/db/client';
import { createTestDb } from '@tests/support/test-db';
import { resetBookings, testConfig, validInquiry } from '@tests/support/bookings-factories';
import { submitInquiry } from '@/bookings/service.server';
import { deliverPendingMail, queueMail, MAIL_LEASE_MS } from '@/platform/mail.server';
import { recentMails, requeueMail } from '@/platform/mail-outbox.server';
import { resetEnvForTests } from '@/platform/env';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb('pglite');
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await resetBookings(h);
});

describe('Idempotency-Key reuse', () => {
  const submit = (raw: Record<string, unknown>, key: string) =>
    submitInquiry(async () => h.db, { kind: 'full', raw, idempotencyKey: key, clientAddress: '203.0.113.40', packageIds: [], config: testConfig });

  it('replays the same data, refuses different data with a Czech 422 and keeps what was stored', async () => {
    const first = await submit(validInquiry(220), 'klic-pro-poptavku-1');
    expect(first).toMatchObject({ ok: true, created: true });
    const again = await submit(validInquiry(220), 'klic-pro-poptavku-1');
    expect(again).toMatchObject({ ok: true, created: false, reference: first.ok ? first.reference : '' });
    const changed = await submit(validInquiry(220, { guestCount: 120, message: 'Jiná poptávka' }), 'klic-pro-poptavku-1');
    expect(changed).toMatchObject({ ok: false, status: 422 });
    if (!changed.ok) expect(changed.message).toContain('Idempotency-Key už byl použit pro jinou poptávku');
    const rows = rowsOf<{ guest_count: number }>(await h.db.execute(sql`SELECT guest_count FROM inquiries`));
    expect(rows).toEqual([{ guest_count: 80 }]);
  });
});

describe('mail stuck in `sending`', () => {
  let smtp: SMTPServer;
  const received: string[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, cb) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('is left alone while its lease runs, shows as a problem and is retried once the lease has expired', async () => {
    const id = await queueMail(h.db, { to: 'zaseknuty@example.cz', subject: 'Zaseknutý e-mail', text: 'Text', kind: 'test' });
    const now = new Date();
    // What a crash mid-send leaves behind: claimed, attempt counted, lease running.
    await h.db.execute(sql`UPDATE mail_outbox SET status = 'sending', attempts = 1, next_attempt_at = ${new Date(now.getTime() + MAIL_LEASE_MS)} WHERE id = ${id}`);
    await deliverPendingMail(h.db, { now });
    expect(received).not.toContain('zaseknuty@example.cz');
    expect((await recentMails(h.db, 50, true, now)).map((m) => m.id)).not.toContain(id);

    const later = new Date(now.getTime() + MAIL_LEASE_MS + 1000);
    expect((await recentMails(h.db, 50, true, later)).find((m) => m.id === id)).toMatchObject({ status: 'sending' });
    await deliverPendingMail(h.db, { now: later });
    expect(received).toContain('zaseknuty@example.cz');
    const [row] = rowsOf<{ status: string; attempts: number }>(await h.db.execute(sql`SELECT status, attempts FROM mail_outbox WHERE id = ${id}`));
    expect(row).toEqual({ status: 'sent', attempts: 2 });
  });

  it('the admin can re-queue a stuck mail, but not one still being sent', async () => {
    const id = await queueMail(h.db, { to: 'znovu@example.cz', subject: 'Znovu', text: 'Text', kind: 'test' });
    const now = new Date();
    await h.db.execute(sql`UPDATE mail_outbox SET status = 'sending', attempts = 1, next_attempt_at = ${new Date(now.getTime() + MAIL_LEASE_MS)} WHERE id = ${id}`);
    expect(await requeueMail(h.db, id, now)).toBe(false);
    expect(await requeueMail(h.db, id, new Date(now.getTime() + MAIL_LEASE_MS + 1000))).toBe(true);
  });
});
