/**
 * The users-permissions protocol suite (docs/protocols.md §1) against the built-in account server over real HTTP:
 * every endpoint's success shape, every listed error message and status, rate limiting, no enumeration.
 * Runs on in-memory PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import type { DbHandle } from '@/db/client';
import { mailOutbox, rateLimits } from '@/db/schema';
import { resetEnvForTests } from '@/platform/env';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { findUserByEmail, updateUser } from '@/accounts/builtin/repository';
import { jwtSecret } from '@/accounts/builtin/jwt.server';
import { ACCOUNT_MAILS_PER_RECIPIENT, recipientBucket, type AccountMailKind } from '@/accounts/builtin/mail-budget.server';
import { startAccountServer } from '@tests/support/accounts-http';

const SITE = 'http://site.test';

function setEnv(extra: Record<string, string | undefined> = {}) {
  const base: Record<string, string | undefined> = {
    SITE_URL: SITE,
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT: '5',
    AUTH_EMAIL_CONFIRMATION: undefined,
    SMTP_URL: undefined,
    JWT_SECRET: undefined,
    OIDC_ISSUER: undefined,
    OIDC_CLIENT_ID: undefined,
    ...extra,
  };
  for (const [k, v] of Object.entries(base)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
}

const kinds = (hasPostgres ? ['pglite', 'postgres'] : ['pglite']) as ('pglite' | 'postgres')[];

describe.each(kinds)('built-in account server over HTTP (%s)', (kind) => {
  let h: DbHandle;
  let server: { url: string; close: () => Promise<void> };
  let ipCounter = 0;
  /** Each test speaks from its own client address, so the 5-per-5-minutes limit only bites where it is tested. */
  let ip = '';

  beforeAll(async () => {
    setEnv();
    h = await createTestDb(kind);
    server = await startAccountServer(h.db);
  });
  afterAll(async () => {
    await server?.close();
    await h?.close();
    setEnv();
  });
  /** A fresh, valid client address (an invalid one would count as "unknown", one bucket for everybody). */
  function nextIp(): string {
    ipCounter += 1;
    return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  }
  beforeEach(() => {
    setEnv();
    ip = nextIp();
  });

  async function call(method: 'GET' | 'POST', path: string, opts: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}/api${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  function expectError(res: { status: number; json: unknown }, status: number, name: string, message: string) {
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ data: null, error: { status, name, message } });
  }

  let userCounter = 0;
  function newEmail(prefix = 'par'): string {
    userCounter += 1;
    return `${prefix}${userCounter}.${kind}@example.cz`;
  }

  async function lastMailTo(email: string) {
    const [m] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
    return m;
  }

  /**
   * The next mail to `email` after the one with id `afterId`: reset links, resent confirmations and notices are
   * queued after the answer (so existing and unknown addresses answer in the same time), so wait for the row.
   */
  async function nextMailTo(email: string, afterId = 0) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const m = await lastMailTo(email);
      if (m && m.id > afterId) return m;
      if (Date.now() > deadline) throw new Error(`no mail to ${email} after #${afterId}`);
      await new Promise<void>((r) => setImmediate(r));
    }
  }

  async function countMailsTo(email: string, kind: string): Promise<number> {
    const rows = await h.db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)));
    return rows.length;
  }

  /** How many times the recipient budget of `kind` was asked for `email` (each request that would mail counts). */
  async function budgetHits(kind: AccountMailKind, email: string): Promise<number> {
    const rows = await h.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.bucket, await recipientBucket(h.db, kind, email)));
    return rows.reduce((n, r) => n + Number(r.count), 0);
  }

  async function until(what: string, check: () => Promise<boolean>) {
    const deadline = Date.now() + 30_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((r) => setImmediate(r));
    }
  }

  function codeFrom(text: string, param: 'confirmation' | 'code'): string {
    const m = new RegExp(`[?&]${param}=([^\\s&"<]+)`).exec(text);
    if (!m) throw new Error(`no ${param} link in mail:\n${text}`);
    return decodeURIComponent(m[1]);
  }

  /** A confirmed local user, created through the protocol itself. */
  async function confirmedUser(password = 'svatba-2025') {
    const email = newEmail();
    const reg = await call('POST', '/auth/local/register', { body: { username: email, email, password } });
    expect(reg.status).toBe(200);
    const mail = await lastMailTo(email);
    const conf = await call('GET', `/auth/email-confirmation?confirmation=${encodeURIComponent(codeFrom(mail.text, 'confirmation'))}`);
    expect(conf.status).toBe(302);
    ip = nextIp(); // fresh client address for the test body
    return { email, password };
  }

  const userShape = {
    id: expect.any(Number),
    documentId: expect.any(String),
    username: expect.any(String),
    email: expect.any(String),
    provider: 'local',
    confirmed: expect.any(Boolean),
    blocked: false,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  };

  // ---- register -------------------------------------------------------------------------------------------
  describe('POST /auth/local/register', () => {
    it('with e-mail confirmation on (default) answers {user} without jwt and mails a Czech confirmation link', async () => {
      const email = newEmail();
      const res = await call('POST', '/auth/local/register', { body: { username: email, email, password: 'svatba-2025' } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json ?? {})).toEqual(['user']);
      expect(res.json?.user).toMatchObject({ ...userShape, email, confirmed: false });
      expect(JSON.stringify(res.json)).not.toMatch(/password|argon2|token_?version/i);
      const mail = await lastMailTo(email);
      expect(mail.subject).toBe('Potvrzení e-mailu pro váš účet');
      expect(mail.text).toContain(`${SITE}/ucet/potvrzeni?confirmation=`);
      expect(mail.html).toContain('Potvrdit e-mail');
      expect(mail.html).toContain('lang="cs"');
    });

    it('with AUTH_EMAIL_CONFIRMATION=false answers {jwt, user} like a default Strapi', async () => {
      setEnv({ AUTH_EMAIL_CONFIRMATION: 'false' });
      const email = newEmail();
      const res = await call('POST', '/auth/local/register', { body: { username: email, email, password: 'svatba-2025' } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ jwt: expect.any(String), user: { ...userShape, email, confirmed: true } });
      const me = await call('GET', '/users/me', { token: res.json?.jwt as string });
      expect(me.status).toBe(200);
    });

    it('answers a taken e-mail exactly like a new one and mails its owner what to do (no enumeration, no hijack)', async () => {
      // Someone registers the couple's address first, with their own password, and never confirms it.
      const email = newEmail();
      await call('POST', '/auth/local/register', { body: { username: email, email, password: 'utocnikovo-heslo' } });
      const beforeNotice = (await lastMailTo(email)).id;
      const freshEmail = newEmail();
      const fresh = await call('POST', '/auth/local/register', { body: { username: freshEmail, email: freshEmail, password: 'svatba-2025' } });
      const taken = await call('POST', '/auth/local/register', { body: { username: email, email: email.toUpperCase(), password: 'svatba-2025' } });
      expect(taken.status).toBe(200);
      expect(Object.keys(taken.json ?? {})).toEqual(Object.keys(fresh.json ?? {}));
      expect(taken.json).toMatchObject({ user: { ...userShape, email, confirmed: false } });
      expect((taken.json?.user as { id: number }).id).toBeGreaterThan((fresh.json?.user as { id: number }).id);
      // The owner learns about it — with a link to set a password, never one that confirms the first password.
      const notice = await nextMailTo(email, beforeNotice);
      expect(notice.subject).toBe('Účet s touto adresou už existuje');
      expect(notice.text).not.toContain('confirmation=');
      const reset = await call('POST', '/auth/reset-password', { body: { code: codeFrom(notice.text, 'code'), password: 'moje-vlastni-heslo', passwordConfirmation: 'moje-vlastni-heslo' } });
      expect(reset.status).toBe(200);
      expect(reset.json?.user).toMatchObject({ email, confirmed: true });
      ip = nextIp();
      expect((await call('POST', '/auth/local', { body: { identifier: email, password: 'utocnikovo-heslo' } })).status).toBe(400);
      expect((await call('POST', '/auth/local', { body: { identifier: email, password: 'moje-vlastni-heslo' } })).status).toBe(200);
      // A confirmed owner is told to sign in.
      const { email: confirmed } = await confirmedUser();
      const before = (await lastMailTo(confirmed)).id;
      expect((await call('POST', '/auth/local/register', { body: { username: confirmed, email: confirmed, password: 'svatba-2025' } })).status).toBe(200);
      expect((await nextMailTo(confirmed, before)).subject).toBe('Účet s touto adresou už existuje');
    });

    it('compares usernames with usernames only: someone else\'s address is never a username (no squatting, no enumeration)', async () => {
      // The couple's address as somebody else's username: refused alike whether or not that address has an
      // account, and the couple can still register afterwards.
      const { email: existing } = await confirmedUser();
      const victim = newEmail('obet');
      for (const target of [existing, victim, victim.toUpperCase()]) {
        expectError(
          await call('POST', '/auth/local/register', { body: { username: target, email: newEmail('utocnik'), password: 'svatba-2025' } }),
          400,
          'ValidationError',
          'username must not be an email address other than the account email',
        );
      }
      const reg = await call('POST', '/auth/local/register', { body: { username: victim, email: victim, password: 'svatba-2025' } });
      expect(reg.status).toBe(200);
      expect(reg.json).toMatchObject({ user: { email: victim, username: victim } });
      expect((await lastMailTo(victim)).subject).toBe('Potvrzení e-mailu pro váš účet');
      expect(await findUserByEmail(h.db, victim)).not.toBeNull();
    });

    it('answers a taken username like a taken e-mail, and mails the address what happened; says it when confirmation is off', async () => {
      const first = newEmail();
      await call('POST', '/auth/local/register', { body: { username: 'svatba-novakovi', email: first, password: 'svatba-2025' } });
      const second = newEmail();
      const freshEmail = newEmail();
      const fresh = await call('POST', '/auth/local/register', { body: { username: 'svatba-jini', email: freshEmail, password: 'svatba-2025' } });
      const taken = await call('POST', '/auth/local/register', { body: { username: 'Svatba-Novakovi', email: second, password: 'svatba-2025' } });
      expect(taken.status).toBe(200);
      expect(Object.keys(taken.json ?? {})).toEqual(Object.keys(fresh.json ?? {}));
      expect(taken.json).toMatchObject({ user: { ...userShape, email: second, confirmed: false } });
      expect(await findUserByEmail(h.db, second)).toBeNull();
      const notice = await nextMailTo(second);
      expect(notice.subject).toBe('Uživatelské jméno je obsazené');
      expect(notice.text).toContain(`${SITE}/ucet/registrace`);

      setEnv({ AUTH_EMAIL_CONFIRMATION: 'false' });
      for (const body of [
        { username: 'svatba-novakovi', email: newEmail(), password: 'svatba-2025' },
        { username: 'jiny-uzivatel', email: first.toUpperCase(), password: 'svatba-2025' },
      ]) {
        expectError(await call('POST', '/auth/local/register', { body }), 400, 'ApplicationError', 'Email or Username are already taken');
      }
    });

    it('validates like Strapi: e-mail format, unknown keys, required fields, password length in bytes', async () => {
      expectError(
        await call('POST', '/auth/local/register', { body: { username: 'a', email: 'not-an-email', password: 'svatba-2025' } }),
        400,
        'ValidationError',
        'email must be a valid email',
      );
      expectError(
        await call('POST', '/auth/local/register', { body: { username: 'a', email: newEmail(), password: 'svatba-2025', a: 1, b: 2 } }),
        400,
        'ValidationError',
        'Invalid parameters: a, b',
      );
      const missing = await call('POST', '/auth/local/register', { body: {} });
      expectError(missing, 400, 'ValidationError', '3 errors occurred');
      expect((missing.json?.error as { details: { errors: { path: string[] }[] } }).details.errors.map((e) => e.path)).toEqual([
        ['username'],
        ['email'],
        ['password'],
      ]);
      // 37 × "ř" = 74 bytes (37 characters): over the 72-byte limit.
      expectError(
        await call('POST', '/auth/local/register', { body: { username: 'b', email: newEmail(), password: 'ř'.repeat(37) } }),
        400,
        'ValidationError',
        'Password must be less than 73 bytes',
      );
      expectError(
        await call('POST', '/auth/local/register', { body: { username: 'c', email: newEmail(), password: 'kratke' } }),
        400,
        'ValidationError',
        'password must be at least 8 characters',
      );
      // 36 × "ř" = 72 bytes: allowed (from a fresh address: this was the sixth registration attempt).
      ip = nextIp();
      const ok = await call('POST', '/auth/local/register', { body: { username: 'd', email: newEmail(), password: 'ř'.repeat(36) } });
      expect(ok.status).toBe(200);
    });
  });

  // ---- email confirmation -----------------------------------------------------------------------------------
  describe('GET /auth/email-confirmation', () => {
    it('confirms once (redirect), then the code is spent', async () => {
      const email = newEmail();
      await call('POST', '/auth/local/register', { body: { username: email, email, password: 'svatba-2025' } });
      const code = codeFrom((await lastMailTo(email)).text, 'confirmation');
      const first = await call('GET', `/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`);
      expect(first.status).toBe(302);
      expect(first.headers.get('location')).toBe(`${SITE}/ucet/prihlaseni?potvrzeno=1`);
      expect((await findUserByEmail(h.db, email))?.confirmed).toBe(true);
      expectError(await call('GET', `/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`), 400, 'ValidationError', 'Invalid token');
      expectError(await call('GET', '/auth/email-confirmation?confirmation=nonsense'), 400, 'ValidationError', 'Invalid token');
      expectError(await call('GET', '/auth/email-confirmation'), 400, 'ValidationError', 'confirmation is a required field');
    });
  });

  // ---- local sign-in ------------------------------------------------------------------------------------------
  describe('POST /auth/local', () => {
    it('answers {jwt, user} for e-mail (any case) or username', async () => {
      const { email, password } = await confirmedUser();
      const res = await call('POST', '/auth/local', { body: { identifier: email.toUpperCase(), password } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ jwt: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), user: { ...userShape, email, confirmed: true } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('unknown user and wrong password get the identical answer (no enumeration)', async () => {
      const { email } = await confirmedUser();
      const wrong = await call('POST', '/auth/local', { body: { identifier: email, password: 'spatne-heslo' } });
      const unknown = await call('POST', '/auth/local', { body: { identifier: 'nikdo@example.cz', password: 'spatne-heslo' } });
      expectError(wrong, 400, 'ValidationError', 'Invalid identifier or password');
      expect(unknown).toEqual({ ...wrong, headers: unknown.headers });
      expect(unknown.json).toEqual(wrong.json);
    });

    it('refuses unconfirmed accounts when confirmation is on, and accepts them when it is off', async () => {
      const email = newEmail();
      await call('POST', '/auth/local/register', { body: { username: email, email, password: 'svatba-2025' } });
      expectError(await call('POST', '/auth/local', { body: { identifier: email, password: 'svatba-2025' } }), 400, 'ApplicationError', 'Your account email is not confirmed');
      setEnv({ AUTH_EMAIL_CONFIRMATION: 'false' });
      expect((await call('POST', '/auth/local', { body: { identifier: email, password: 'svatba-2025' } })).status).toBe(200);
    });

    it('refuses blocked accounts, and their existing tokens stop working', async () => {
      const { email, password } = await confirmedUser();
      const ok = await call('POST', '/auth/local', { body: { identifier: email, password } });
      const user = await findUserByEmail(h.db, email);
      await updateUser(h.db, user!.id, { blocked: true });
      expectError(await call('POST', '/auth/local', { body: { identifier: email, password } }), 400, 'ApplicationError', 'Your account has been blocked by an administrator');
      expectError(await call('GET', '/users/me', { token: ok.json?.jwt as string }), 401, 'UnauthorizedError', 'Missing or invalid credentials');
    });

    it('schema errors: one missing field, then both', async () => {
      const one = await call('POST', '/auth/local', { body: { identifier: 'x@example.cz' } });
      expectError(one, 400, 'ValidationError', 'password is a required field');
      expect(one.json?.error).toMatchObject({ details: { errors: [{ path: ['password'], message: 'password is a required field', name: 'ValidationError' }] } });
      const both = await call('POST', '/auth/local', { body: {} });
      expectError(both, 400, 'ValidationError', '2 errors occurred');
    });
  });

  // ---- forgot / reset -----------------------------------------------------------------------------------------
  describe('POST /auth/forgot-password and /auth/reset-password', () => {
    it('answers {ok:true} for known and unknown addresses alike; only the known one gets mail', async () => {
      const { email } = await confirmedUser();
      const beforeReset = (await lastMailTo(email)).id;
      const known = await call('POST', '/auth/forgot-password', { body: { email } });
      const unknown = await call('POST', '/auth/forgot-password', { body: { email: 'nikdo@example.cz' } });
      expect(known.status).toBe(200);
      expect(known.json).toEqual({ ok: true });
      expect(unknown.status).toBe(200);
      expect(unknown.json).toEqual({ ok: true });
      const mail = await nextMailTo(email, beforeReset);
      expect(mail.subject).toBe('Obnovení hesla k vašemu účtu');
      expect(mail.text).toContain(`${SITE}/ucet/obnova-hesla?code=`);
      expect(await lastMailTo('nikdo@example.cz')).toBeUndefined();
      expectError(await call('POST', '/auth/forgot-password', { body: {} }), 400, 'ValidationError', 'email is a required field');
      expectError(await call('POST', '/auth/forgot-password', { body: { email: 'x' } }), 400, 'ValidationError', 'email must be a valid email');
    });

    it('resets with a single-use code, ends older sessions, and sends a notice', async () => {
      const { email, password } = await confirmedUser();
      const before = await call('POST', '/auth/local', { body: { identifier: email, password } });
      const lastBefore = (await lastMailTo(email)).id;
      await call('POST', '/auth/forgot-password', { body: { email } });
      const code = codeFrom((await nextMailTo(email, lastBefore)).text, 'code');

      expectError(
        await call('POST', '/auth/reset-password', { body: { code, password: 'nove-heslo-1', passwordConfirmation: 'jine-heslo-2' } }),
        400,
        'ValidationError',
        'Passwords do not match',
      );
      expectError(
        await call('POST', '/auth/reset-password', { body: { code: 'wrong', password: 'nove-heslo-1', passwordConfirmation: 'nove-heslo-1' } }),
        400,
        'ValidationError',
        'Incorrect code provided',
      );
      const res = await call('POST', '/auth/reset-password', { body: { code, password: 'nove-heslo-1', passwordConfirmation: 'nove-heslo-1' } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ jwt: expect.any(String), user: { ...userShape, email } });
      expect((await lastMailTo(email)).subject).toBe('Heslo k vašemu účtu bylo změněno');

      ip = nextIp();
      expectError(
        await call('POST', '/auth/reset-password', { body: { code, password: 'nove-heslo-3', passwordConfirmation: 'nove-heslo-3' } }),
        400,
        'ValidationError',
        'Incorrect code provided',
      );
      expectError(await call('GET', '/users/me', { token: before.json?.jwt as string }), 401, 'UnauthorizedError', 'Missing or invalid credentials');
      expect((await call('GET', '/users/me', { token: res.json?.jwt as string })).status).toBe(200);
      expect((await call('POST', '/auth/local', { body: { identifier: email, password: 'nove-heslo-1' } })).status).toBe(200);
    });

    it('refuses an expired reset code', async () => {
      const { email } = await confirmedUser();
      const lastBefore = (await lastMailTo(email)).id;
      await call('POST', '/auth/forgot-password', { body: { email } });
      const code = codeFrom((await nextMailTo(email, lastBefore)).text, 'code');
      await h.exec(`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE kind = 'reset-password'`);
      expectError(
        await call('POST', '/auth/reset-password', { body: { code, password: 'nove-heslo-1', passwordConfirmation: 'nove-heslo-1' } }),
        400,
        'ValidationError',
        'Incorrect code provided',
      );
    });
  });

  // ---- change password ----------------------------------------------------------------------------------------
  describe('POST /auth/change-password', () => {
    it('is 403 anonymous and 401 with a bad token', async () => {
      const body = { currentPassword: 'a-12345678', password: 'b-12345678', passwordConfirmation: 'b-12345678' };
      expectError(await call('POST', '/auth/change-password', { body }), 403, 'ForbiddenError', 'Forbidden');
      expectError(await call('POST', '/auth/change-password', { body, token: 'not.a.jwt' }), 401, 'UnauthorizedError', 'Missing or invalid credentials');
    });

    it('checks current password, difference and confirmation, then answers {jwt, user}', async () => {
      const { email, password } = await confirmedUser();
      const login = await call('POST', '/auth/local', { body: { identifier: email, password } });
      const token = login.json?.jwt as string;
      expectError(
        await call('POST', '/auth/change-password', { token, body: { currentPassword: 'spatne-heslo', password: 'nove-heslo-1', passwordConfirmation: 'nove-heslo-1' } }),
        400,
        'ValidationError',
        'The provided current password is invalid',
      );
      expectError(
        await call('POST', '/auth/change-password', { token, body: { currentPassword: password, password, passwordConfirmation: password } }),
        400,
        'ValidationError',
        'Your new password must be different than your current password',
      );
      expectError(
        await call('POST', '/auth/change-password', { token, body: { currentPassword: password, password: 'nove-heslo-1', passwordConfirmation: 'nove-heslo-2' } }),
        400,
        'ValidationError',
        'Passwords do not match',
      );
      ip = nextIp();
      const ok = await call('POST', '/auth/change-password', { token, body: { currentPassword: password, password: 'nove-heslo-1', passwordConfirmation: 'nove-heslo-1' } });
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ jwt: expect.any(String), user: { ...userShape, email } });
      expect((await lastMailTo(email)).subject).toBe('Heslo k vašemu účtu bylo změněno');
      expectError(await call('GET', '/users/me', { token }), 401, 'UnauthorizedError', 'Missing or invalid credentials');
      expect((await call('GET', '/users/me', { token: ok.json?.jwt as string })).status).toBe(200);
    });
  });

  // ---- send-email-confirmation --------------------------------------------------------------------------------
  describe('POST /auth/send-email-confirmation', () => {
    it('answers {email, sent:true} for every address; only an unconfirmed one gets mail', async () => {
      expect(await call('POST', '/auth/send-email-confirmation', { body: { email: 'nikdo@example.cz' } })).toMatchObject({
        status: 200,
        json: { email: 'nikdo@example.cz', sent: true },
      });
      const email = newEmail();
      await call('POST', '/auth/local/register', { body: { username: email, email, password: 'svatba-2025' } });
      const firstMail = await lastMailTo(email);
      const firstCode = codeFrom(firstMail.text, 'confirmation');
      expect(await call('POST', '/auth/send-email-confirmation', { body: { email } })).toMatchObject({ status: 200, json: { email, sent: true } });
      const secondCode = codeFrom((await nextMailTo(email, firstMail.id)).text, 'confirmation');
      expect(secondCode).not.toBe(firstCode);
      // Only the latest link works.
      expectError(await call('GET', `/auth/email-confirmation?confirmation=${encodeURIComponent(firstCode)}`), 400, 'ValidationError', 'Invalid token');

      // Confirmed, blocked and unknown addresses get the same answer (no enumeration) and no mail.
      const { email: confirmed } = await confirmedUser();
      const before = (await lastMailTo(confirmed)).id;
      expect(await call('POST', '/auth/send-email-confirmation', { body: { email: confirmed } })).toMatchObject({ status: 200, json: { email: confirmed, sent: true } });
      expect((await lastMailTo(confirmed)).id).toBe(before);

      const blocked = newEmail();
      await call('POST', '/auth/local/register', { body: { username: blocked, email: blocked, password: 'svatba-2025' } });
      await updateUser(h.db, (await findUserByEmail(h.db, blocked))!.id, { blocked: true });
      expect(await call('POST', '/auth/send-email-confirmation', { body: { email: blocked } })).toMatchObject({ status: 200, json: { email: blocked, sent: true } });
    });
  });

  // ---- mails anyone can trigger ----------------------------------------------------------------------------------
  describe('mails to one recipient are capped, however many clients ask', () => {
    /** A different client address per request group (TRUST_PROXY=true in this harness: the header is the client). */
    function fromAddress(n: number): string {
      return `203.0.113.${n + 1}`;
    }

    it(`40 forgotten-password requests from 20 addresses send ${ACCOUNT_MAILS_PER_RECIPIENT} reset mails; the last one still works`, async () => {
      const { email } = await confirmedUser();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) => call('POST', '/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': fromAddress(n % 20) } })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
      expect(answers.every((a) => JSON.stringify(a.json) === '{"ok":true}')).toBe(true);
      // Every request asked the budget (after its answer); the allowed ones then queued their mail.
      await until('40 budget checks', async () => (await budgetHits('reset', email)) === 40);
      await until('the allowed reset mails', async () => (await countMailsTo(email, 'account-reset-password')) >= ACCOUNT_MAILS_PER_RECIPIENT);
      expect(await countMailsTo(email, 'account-reset-password')).toBe(ACCOUNT_MAILS_PER_RECIPIENT);
      // Refused requests made no new code, so the link mailed last keeps working.
      const code = codeFrom((await lastMailTo(email)).text, 'code');
      const reset = await call('POST', '/auth/reset-password', { body: { code, password: 'nove-heslo-1', passwordConfirmation: 'nove-heslo-1' } });
      expect(reset.status).toBe(200);
    });

    it(`15 confirmation resends from 3 addresses send ${ACCOUNT_MAILS_PER_RECIPIENT} confirmation mails in all (with the registration's)`, async () => {
      const email = newEmail();
      expect((await call('POST', '/auth/local/register', { body: { username: email, email, password: 'svatba-2025' } })).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, n) => call('POST', '/auth/send-email-confirmation', { body: { email }, headers: { 'x-forwarded-for': fromAddress(100 + (n % 3)) } })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(15).fill(200));
      await until('16 budget checks', async () => (await budgetHits('confirmation', email)) === 16);
      await until('the allowed confirmation mails', async () => (await countMailsTo(email, 'account-confirmation')) >= ACCOUNT_MAILS_PER_RECIPIENT);
      expect(await countMailsTo(email, 'account-confirmation')).toBe(ACCOUNT_MAILS_PER_RECIPIENT);
      const code = codeFrom((await lastMailTo(email)).text, 'confirmation');
      expect((await call('GET', `/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`)).status).toBe(302);
    });

    it('registering a taken address again and again notifies its owner at most 3 times a day', async () => {
      const { email } = await confirmedUser();
      for (let n = 0; n < 6; n++) {
        ip = fromAddress(200 + n);
        expect((await call('POST', '/auth/local/register', { body: { username: email, email, password: 'svatba-2025' } })).status).toBe(200);
      }
      await until('6 budget checks', async () => (await budgetHits('notice', email)) === 6);
      await until('the allowed notices', async () => (await countMailsTo(email, 'account-already-registered')) >= ACCOUNT_MAILS_PER_RECIPIENT);
      expect(await countMailsTo(email, 'account-already-registered')).toBe(ACCOUNT_MAILS_PER_RECIPIENT);
    });
  });

  describe('existing and unknown addresses answer in the same time', () => {
    // The code, the outbox row and the budget's counter are written only for an existing account, after the
    // answer. Proven by holding a lock on the codes table: the answer must not wait for it. (PostgreSQL: PGlite
    // has one connection, so a held lock would stop everything.)
    it.runIf(kind === 'postgres')('forgot-password and confirmation resend answer before any work for the account', async () => {
      const { email } = await confirmedUser();
      const unconfirmed = newEmail();
      await call('POST', '/auth/local/register', { body: { username: unconfirmed, email: unconfirmed, password: 'svatba-2025' } });
      const before = { reset: (await lastMailTo(email)).id, confirm: (await lastMailTo(unconfirmed)).id };
      await h.db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE auth_tokens IN ACCESS EXCLUSIVE MODE`);
        const forgot = await fetch(`${server.url}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ email }),
          signal: AbortSignal.timeout(20_000),
        });
        expect(forgot.status).toBe(200);
        const resend = await fetch(`${server.url}/api/auth/send-email-confirmation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ email: unconfirmed }),
          signal: AbortSignal.timeout(20_000),
        });
        expect(resend.status).toBe(200);
      });
      // Once the lock is gone, the mails follow.
      expect((await nextMailTo(email, before.reset)).subject).toBe('Obnovení hesla k vašemu účtu');
      expect((await nextMailTo(unconfirmed, before.confirm)).subject).toBe('Potvrzení e-mailu pro váš účet');
    });
  });

  // ---- users/me --------------------------------------------------------------------------------------------------
  describe('POST /auth/logout (sign-out revokes the token server-side)', () => {
    it('the signed-out token stops working at once; other sessions of the user keep working', async () => {
      const { email, password } = await confirmedUser();
      const one = (await call('POST', '/auth/local', { body: { identifier: email, password } })).json?.jwt as string;
      const two = (await call('POST', '/auth/local', { body: { identifier: email, password } })).json?.jwt as string;
      expect((await call('GET', '/users/me', { token: one })).status).toBe(200);
      expect(await call('POST', '/auth/logout', { token: one })).toMatchObject({ status: 200, json: { ok: true } });
      expectError(await call('GET', '/users/me', { token: one }), 401, 'UnauthorizedError', 'Missing or invalid credentials');
      expect((await call('GET', '/users/me', { token: two })).status).toBe(200);
      // Twice, or without a valid token: 401.
      expect((await call('POST', '/auth/logout', { token: one })).status).toBe(401);
      expect((await call('POST', '/auth/logout')).status).toBe(401);
    });
  });

  describe('GET /users/me', () => {
    it('403 without a token, 401 with a bad or expired one', async () => {
      expectError(await call('GET', '/users/me'), 403, 'ForbiddenError', 'Forbidden');
      expectError(await call('GET', '/users/me', { token: 'garbage' }), 401, 'UnauthorizedError', 'Missing or invalid credentials');
      const { email } = await confirmedUser();
      const user = await findUserByEmail(h.db, email);
      const expired = await new SignJWT({ id: user!.id, ver: user!.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(await jwtSecret(h.db));
      expectError(await call('GET', '/users/me', { token: expired }), 401, 'UnauthorizedError', 'Missing or invalid credentials');
      const forged = await new SignJWT({ id: user!.id, ver: user!.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('someone-elses-secret-someone-elses-secret'));
      expectError(await call('GET', '/users/me', { token: forged }), 401, 'UnauthorizedError', 'Missing or invalid credentials');
    });

    it('returns the bare user; role only when populated (populate[0]=role, populate=role, populate=*)', async () => {
      await createOrPromoteAdmin(h.db, { email: `admin.${kind}@example.cz`, password: 'admin-heslo-1' });
      const login = await call('POST', '/auth/local', { body: { identifier: `admin.${kind}@example.cz`, password: 'admin-heslo-1' } });
      const token = login.json?.jwt as string;
      const bare = await call('GET', '/users/me', { token });
      expect(bare.status).toBe(200);
      expect(bare.json).toMatchObject({ ...userShape, email: `admin.${kind}@example.cz` });
      expect(bare.json).not.toHaveProperty('data');
      expect(bare.json).not.toHaveProperty('role');
      for (const q of ['populate[0]=role', 'populate=role', 'populate=*', 'populate[role]=true']) {
        const res = await call('GET', `/users/me?${q}`, { token });
        expect(res.json?.role, q).toMatchObject({ id: expect.any(Number), name: 'Admin', type: 'admin', description: expect.any(String) });
      }
    });
  });

  // ---- rate limiting ---------------------------------------------------------------------------------------------
  describe('rate limiting', () => {
    it('allows 5 requests per route and client in 5 minutes, then answers 429 RateLimitError', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await call('POST', '/auth/local', { body: { identifier: 'x@example.cz', password: 'whatever-1' } })).status).toBe(400);
      }
      const limited = await call('POST', '/auth/local', { body: { identifier: 'x@example.cz', password: 'whatever-1' } });
      expectError(limited, 429, 'RateLimitError', 'Too many requests, please try again later.');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Other routes and other clients have their own budget.
      expect((await call('POST', '/auth/forgot-password', { body: { email: 'x@example.cz' } })).status).toBe(200);
      ip = nextIp();
      expect((await call('POST', '/auth/local', { body: { identifier: 'y@example.cz', password: 'whatever-1' } })).status).toBe(400);
    });

    it('backs off per account after 5 wrong passwords, whatever address they come from', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        ip = nextIp();
        statuses.push((await call('POST', '/auth/local', { body: { identifier: 'Backoff@Example.cz', password: `guess-${i}-x` } })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
      ip = nextIp();
      const limited = await call('POST', '/auth/local', { body: { identifier: 'backoff@example.cz', password: 'guess-9-x' } });
      expectError(limited, 429, 'RateLimitError', 'Too many requests, please try again later.');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    });

    it('does not limit GET /users/me (read on every page view)', async () => {
      for (let i = 0; i < 8; i++) expect((await call('GET', '/users/me')).status).toBe(403);
    });
  });

  // ---- bad input is always a 4xx ----------------------------------------------------------------------------------
  describe('bad input', () => {
    it('never answers 500', async () => {
      expectError(await call('POST', '/auth/local', { raw: '{"identifier": ' }), 400, 'ValidationError', 'Invalid JSON body');
      expectError(await call('POST', '/auth/local', { raw: 'identifier=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'ValidationError', 'Unsupported Media Type: expected application/json');
      ip = nextIp();
      expectError(await call('POST', '/auth/local', { raw: JSON.stringify({ identifier: 'x'.repeat(20_000), password: 'y' }) }), 413, 'PayloadTooLargeError', 'Request entity too large');
      expect((await call('POST', '/auth/local', { raw: '[1,2]' })).status).toBe(400);
      expect((await call('POST', '/auth/local', { raw: '"text"' })).status).toBe(400);
      ip = nextIp();
      expect((await call('POST', '/auth/local', { body: { identifier: { $ne: null }, password: ['a'] } })).status).toBe(400);
      expect((await call('POST', '/auth/local/register', { body: { username: 5, email: true, password: null } })).status).toBe(400);
      expect((await call('POST', '/auth/reset-password', { body: { code: 'x'.repeat(5000), password: 'abcdefgh', passwordConfirmation: 'abcdefgh' } })).status).toBe(400);
      expect((await call('GET', `/auth/email-confirmation?confirmation=${'x'.repeat(3000)}`)).status).toBe(400);
      expect((await call('GET', '/users/me?populate[a][b][c][d][e][f][g]=1')).status).toBe(403);
      expectError(await call('GET', '/auth/unknown-route'), 404, 'NotFoundError', 'Not Found');
    });
  });

  // ---- providers -----------------------------------------------------------------------------------------------
  describe('providers', () => {
    it('an unconfigured provider is disabled', async () => {
      expectError(await call('GET', '/connect/github'), 400, 'ApplicationError', 'This provider is disabled');
      expectError(await call('GET', '/auth/github/callback?access_token=abc'), 400, 'ApplicationError', 'This provider is disabled');
    });
  });
});
