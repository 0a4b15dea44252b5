process.env.LOG_LEVEL ??= 'error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { authUsers, inquiries, mailOutbox } from '@/db/schema';
import { changeStatus, runMaintenance, submitInquiry } from '@/bookings/service.server';
import { queueClaimLinksMail } from '@/bookings/claim-mail.server';
import { createUser, ensureRole } from '@/accounts/builtin/repository';
import { deleteInactiveAccounts } from '@/accounts/retention.server';
import { emailsWithWeddingSince } from '@/bookings/public.server';
import { queueMail } from '@/platform/mail.server';
import { addMonths, localToday } from '@/platform/dates';
import { testConfig, validInquiry } from '@tests/support/bookings-factories';

/**
 * Promises of /ochrana-udaju kept by the code, against a real database: a booking cancelled after confirmation is
 * kept as long as a contract (claims can run), not anonymised with unbooked inquiries; e-mails of claim links go
 * with the inquiry they belong to; a deleted account's e-mails go with the account.
 */
describe.each(hasPostgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const))('privacy promises (%s)', (kind) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  const submit = async (email: string, days: number, address: string) => {
    const r = await submitInquiry(async () => h.db, { kind: 'full', raw: validInquiry(days, { email }), idempotencyKey: null, clientAddress: address, packageIds: ['cely-den'], config: testConfig });
    if (!r.ok) throw new Error(`submit failed: ${JSON.stringify(r)}`);
    return r;
  };
  const at = (monthsAfterToday: number) => new Date(`${addMonths(localToday(), monthsAfterToday)}T12:00:00Z`);
  const anonymised = async (id: number) => (await h.db.select({ a: inquiries.anonymizedAt }).from(inquiries).where(eq(inquiries.id, id)))[0]?.a !== null;

  it('keeps a booking cancelled after confirmation for the contract period, and its mails; claim-link mails go with their inquiry', async () => {
    const booked = await submit('zruseno-po-potvrzeni@example.cz', 30, '203.0.113.90');
    const unbooked = await submit('zruseno-pred@example.cz', 31, '203.0.113.91');
    for (const to of ['confirmed', 'cancelled'] as const) expect(await changeStatus(h.db, { id: booked.id, to, actor: 'admin', config: testConfig })).toMatchObject({ ok: true });
    expect(await changeStatus(h.db, { id: unbooked.id, to: 'cancelled', actor: 'admin', config: testConfig })).toMatchObject({ ok: true });
    // A claim link requested later from /ucet, one mail per inquiry under its reference.
    await queueClaimLinksMail(h.db, 'zruseno-pred@example.cz', [{ reference: unbooked.reference, token: 'x'.repeat(43) }]);
    expect((await h.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, unbooked.reference))).map((m) => m.kind)).toContain('inquiry-claim-links');

    // Past the inquiry retention (months after the wedding), within the contract period.
    const later = at(testConfig.retentionMonths + 3);
    await runMaintenance(h.db, testConfig, later);
    expect(await anonymised(unbooked.id)).toBe(true);
    expect(await anonymised(booked.id)).toBe(false);
    expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, unbooked.reference))).toEqual([]);
    expect((await h.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, booked.reference))).length).toBeGreaterThan(0);

    // Past the contract period: the cancelled booking goes too, with its mails.
    await runMaintenance(h.db, testConfig, at(testConfig.contractRetentionMonths + 3));
    expect(await anonymised(booked.id)).toBe(true);
    expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, booked.reference))).toEqual([]);
  });

  it('deletes an idle account’s e-mails together with the account', async () => {
    const role = await ensureRole(h.db, 'authenticated', 'authenticated');
    const user = await createUser(h.db, { username: 'necinny@example.cz', email: 'necinny@example.cz', passwordHash: null, confirmed: true, roleId: role.id });
    const old = new Date('2020-01-01T00:00:00Z');
    await h.db.update(authUsers).set({ createdAt: old, updatedAt: old, lastActiveAt: old }).where(eq(authUsers.id, user.id));
    const ids = [
      await queueMail(h.db, { to: user.email, subject: 'Potvrzení', text: 'x', kind: 'account-confirmation', relatedId: String(user.id) }),
      await queueMail(h.db, { to: user.email, subject: 'Heslo', text: 'x', kind: 'account-reset-password', relatedId: String(user.id) }),
    ];
    // A mail of another kind that happens to carry the same related id is not the account's.
    const other = await queueMail(h.db, { to: 'jiny@example.cz', subject: 'Jiné', text: 'x', kind: 'generic', relatedId: String(user.id) });
    expect(await deleteInactiveAccounts(h.db, { months: 12, adminRoleType: 'admin', weddingsSince: emailsWithWeddingSince })).toBe(1);
    expect(await h.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids))).toEqual([]);
    expect(await h.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, other))).toEqual([{ id: other }]);
  });
});
