process.env.LOG_LEVEL ??= 'error';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { authTokens, authUsers, inquiries } from '@/db/schema';
import { addMonths, localToday } from '@/platform/dates';
import { createToken, createUser, ensureRole, findUserByEmail } from '@/accounts/builtin/repository';
import { hashPassword } from '@/accounts/builtin/passwords';
import { login } from '@/accounts/builtin/service.server';
import { deleteInactiveAccounts } from '@/accounts/retention.server';
import { emailsWithWeddingSince } from '@/bookings/public.server';
import { getTerms } from '@/site/public.server';
import { resetEnvForTests } from '@/platform/env';

/**
 * The privacy notice promises: "a couple's account is deleted 12 months after the wedding without activity".
 * The maintenance job (src/bookings/scheduler.server.ts) keeps it through deleteInactiveAccounts; this runs that
 * function on a real database with accounts in every situation the rule distinguishes.
 */
describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
])('account retention on %s', (kind, enabled) => {
  let h: DbHandle;
  const months = getTerms().accountRetentionMonths;
  const now = new Date('2026-11-23T12:00:00Z');
  const today = localToday(now);
  const monthsAgo = (n: number) => new Date(`${addMonths(today, -n)}T12:00:00Z`);

  beforeAll(async () => {
    if (enabled) h = await createTestDb(kind);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    if (!enabled) return;
    await h.db.execute(sql`TRUNCATE inquiries, auth_tokens RESTART IDENTITY CASCADE`);
    await h.db.execute(sql`DELETE FROM auth_users`);
  });

  async function account(email: string, lastActive: Date | null, created = monthsAgo(30), role: 'authenticated' | 'admin' = 'authenticated') {
    const r = await ensureRole(h.db, role, role);
    const u = await createUser(h.db, { username: email, email, passwordHash: null, confirmed: true, roleId: r.id });
    await h.db.update(authUsers).set({ createdAt: created, updatedAt: created, lastActiveAt: lastActive }).where(eq(authUsers.id, u.id));
    return u;
  }

  async function wedding(email: string, weddingDate: string) {
    await h.db.execute(sql`
      INSERT INTO inquiries (reference, kind, status, partner1, email, wedding_date, consent)
      VALUES (${`SV-2026-${Math.random().toString(36).slice(2, 6).toUpperCase()}`}, 'full', 'done', 'Jana', ${email}, ${weddingDate}::date, true)`);
  }

  it.runIf(enabled)('deletes an account idle for the retention period after the wedding, and nothing else', async () => {
    expect(months).toBe(12);
    // Wedding 13 months ago, last sign-in 13 months ago → deleted (with its tokens).
    const gone = await account('gone@example.cz', monthsAgo(13));
    await wedding('GONE@example.cz', addMonths(today, -13));
    await createToken(h.db, 'reset-password', gone.id, 3_600_000, now);
    // Wedding 13 months ago, but signed in 2 months ago → kept (activity after the wedding).
    await account('active@example.cz', monthsAgo(2));
    await wedding('active@example.cz', addMonths(today, -13));
    // Idle for 2 years, but the wedding was 11 months ago → kept until 12 months after the wedding.
    await account('recent@example.cz', monthsAgo(24));
    await wedding('recent@example.cz', addMonths(today, -11));
    // Wedding next year, never signed in since registering 2 years ago → kept.
    await account('future@example.cz', null);
    await wedding('future@example.cz', addMonths(today, 10));
    // No wedding at all: deleted 12 months after the last activity, kept before.
    await account('nowedding-old@example.cz', monthsAgo(13));
    await account('nowedding-new@example.cz', monthsAgo(6));
    // The photographer's account is never deleted.
    await account('anna@example.cz', null, monthsAgo(40), 'admin');

    expect(await deleteInactiveAccounts(h.db, { months, adminRoleType: 'admin', weddingsSince: emailsWithWeddingSince }, now)).toBe(2);
    const left = (await h.db.select({ email: authUsers.email }).from(authUsers)).map((r) => r.email).sort();
    expect(left).toEqual(['active@example.cz', 'anna@example.cz', 'future@example.cz', 'nowedding-new@example.cz', 'recent@example.cz']);
    expect(await h.db.select().from(authTokens)).toEqual([]);
    // The wedding record itself is the bookings job's business (anonymised on its own schedule), not deleted here.
    expect((await h.db.select().from(inquiries)).length).toBe(4);
    // Idempotent.
    expect(await deleteInactiveAccounts(h.db, { months, adminRoleType: 'admin', weddingsSince: emailsWithWeddingSince }, now)).toBe(0);
  });

  it.runIf(enabled)('a real sign-in records activity, which keeps the account', async () => {
    process.env.ACCOUNTS_SOURCE = 'builtin';
    resetEnvForTests();
    const r = await ensureRole(h.db, 'authenticated', 'Authenticated');
    const u = await createUser(h.db, { username: 'eva', email: 'eva@example.cz', passwordHash: await hashPassword('heslo-123456'), confirmed: true, roleId: r.id });
    await h.db.update(authUsers).set({ createdAt: monthsAgo(20), updatedAt: monthsAgo(20), lastActiveAt: monthsAgo(20) }).where(eq(authUsers.id, u.id));
    await wedding('eva@example.cz', addMonths(today, -14));
    const before = new Date();
    await login(h.db, { identifier: 'eva@example.cz', password: 'heslo-123456' });
    const after = await findUserByEmail(h.db, 'eva@example.cz');
    expect(after?.lastActiveAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // Real time now: the sign-in just happened, so the account stays.
    expect(await deleteInactiveAccounts(h.db, { months, adminRoleType: 'admin', weddingsSince: emailsWithWeddingSince })).toBe(0);
    expect(await findUserByEmail(h.db, 'eva@example.cz')).not.toBeNull();
  });
});
