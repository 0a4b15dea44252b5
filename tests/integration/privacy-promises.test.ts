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
import { accountDataForEmail, deleteAccountByEmail } from '@/accounts/personal-data.server';
import { dataForEmail, eraseEmail } from '@/bookings/repositories/gdpr.server';
import { inquiryClaims } from '@/db/schema';
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

  it('the photographer’s GDPR export and erasure include the couple’s account and the inquiries it attached', async () => {
    const role = await ensureRole(h.db, 'authenticated', 'authenticated');
    const user = await createUser(h.db, { username: 'export@example.cz', email: 'export@example.cz', passwordHash: null, confirmed: true, roleId: role.id });
    const own = await submit('export@example.cz', 60, '203.0.113.92');
    // An inquiry sent from another address, attached to this account through a claim link.
    const other = await submit('jina-adresa@example.cz', 61, '203.0.113.93');
    const key = `builtin:${user.id}`;
    await h.db.insert(inquiryClaims).values([{ inquiryId: own.id, owner: key }, { inquiryId: other.id, owner: key }]);
    await queueMail(h.db, { to: user.email, subject: 'Potvrzení', text: 'x', kind: 'account-confirmation', relatedId: String(user.id) });

    const account = await accountDataForEmail(h.db, 'EXPORT@example.cz');
    expect(account.account).toMatchObject({ key, email: 'export@example.cz', confirmed: true });
    const data = await dataForEmail(h.db, 'export@example.cz', account.account?.key ?? null);
    expect(data.inquiries.map((i) => [i.reference, i.attachedToAccount])).toEqual([[own.reference, key]]);
    expect(data.inquiriesAttachedToAccount.map((c) => c.reference).sort()).toEqual([own.reference, other.reference].sort());

    const deleted = await deleteAccountByEmail(h.db, 'export@example.cz');
    expect(deleted).toEqual({ key, refusedAdmin: false });
    await eraseEmail(h.db, 'export@example.cz', deleted.key);
    expect((await accountDataForEmail(h.db, 'export@example.cz')).account).toBeNull();
    expect(await h.db.select().from(inquiryClaims).where(eq(inquiryClaims.owner, key))).toEqual([]);
    expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'export@example.cz'))).toEqual([]);
    // The other address's inquiry stays (it is not this address's data), only its attachment to the account went.
    expect((await h.db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.id, other.id))).length).toBe(1);

    // The photographer's own account is never deleted this way.
    const admin = await ensureRole(h.db, 'admin', 'Admin');
    await createUser(h.db, { username: 'anna@example.cz', email: 'anna@example.cz', passwordHash: null, confirmed: true, roleId: admin.id });
    expect(await deleteAccountByEmail(h.db, 'anna@example.cz')).toEqual({ key: null, refusedAdmin: true });
  });
});
