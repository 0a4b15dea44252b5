import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StrapiClient, StrapiRequestError, memoryTokenStore, memoryUserStore, stringifyParams } from './strapi-client';
import { freePort } from '../../tests/e2e/harness';

/** A real HTTP server that records every request and answers from a per-path script. */
interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

const seen: Seen[] = [];
let answers: Record<string, { status: number; body?: unknown; raw?: string }> = {};
let server: http.Server;
let base = '';

const USER = { id: 7, documentId: 'abc', username: 'jana', email: 'jana@example.cz', provider: 'local', confirmed: true, blocked: false, role: { id: 1, name: 'Authenticated', description: 'x', type: 'authenticated' } };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body: Buffer.concat(chunks).toString() });
      const path = (req.url ?? '').split('?')[0];
      const a = answers[`${req.method} ${path}`] ?? { status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } };
      res.statusCode = a.status;
      if (a.raw !== undefined) return res.end(a.raw);
      if (a.body === undefined) return res.end();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  answers = {};
});

function client(opts: { token?: string | null; version?: 'v3' | 'v4' | 'v5'; prefix?: string; url?: string; userParams?: Record<string, unknown> } = {}) {
  return new StrapiClient({
    url: opts.url ?? base,
    prefix: opts.prefix ?? '/api',
    version: opts.version ?? 'v5',
    userParams: opts.userParams ?? { populate: ['role'] },
    tokens: memoryTokenStore(opts.token ?? null),
    users: memoryUserStore(),
  });
}

describe('query strings (qs, encodeValuesOnly)', () => {
  it('serialises arrays with indices and nested objects with brackets, encoding values only', async () => {
    expect(stringifyParams({ populate: ['a', 'b'] })).toBe('populate[0]=a&populate[1]=b');
    expect(stringifyParams({ filters: { slug: { $eq: 'x y&' } } })).toBe('filters[slug][$eq]=x%20y%26');
    answers['GET /api/weddings'] = { status: 200, body: { data: [] } };
    await client().request('/weddings', { params: { filters: { slug: { $eq: 'x y&' } }, populate: ['a', 'b'] } });
    expect(seen[0].url).toBe('/api/weddings?filters[slug][$eq]=x%20y%26&populate[0]=a&populate[1]=b');
  });

  it('appends nothing when the params are empty', async () => {
    answers['GET /api/weddings'] = { status: 200, body: { data: [] } };
    await client().request('/weddings', { params: {} });
    await client().request('/weddings');
    expect(seen.map((s) => s.url)).toEqual(['/api/weddings', '/api/weddings']);
  });

  it('joins url + prefix + path plainly (v3: no prefix)', async () => {
    const c = client({ prefix: '' });
    expect(c.url('/auth/local')).toBe(`${base}/auth/local`);
    expect(client().getProviderAuthenticationUrl('google')).toBe(`${base}/api/connect/google`);
  });
});

describe('redirect answers', () => {
  it('treats a redirect (GET /auth/email-confirmation) as success without following it', async () => {
    answers['GET /api/auth/email-confirmation'] = { status: 302, raw: '' };
    await expect(client().request('/auth/email-confirmation', { params: { confirmation: 'abc' } })).resolves.toBeNull();
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/email-confirmation?confirmation=abc']);
  });
});

describe('bearer token', () => {
  it('is sent only when a token exists', async () => {
    answers['GET /api/x'] = { status: 200, body: {} };
    await client().request('/x');
    await client({ token: 'tok-1' }).request('/x');
    expect(seen[0].authorization).toBeUndefined();
    expect(seen[1].authorization).toBe('Bearer tok-1');
  });
});

describe('errors', () => {
  it('passes a server error body on unchanged', async () => {
    const body = { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} } };
    answers['POST /api/auth/local'] = { status: 400, body };
    const err = await client().login({ identifier: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StrapiRequestError);
    expect((err as StrapiRequestError).error).toEqual(body);
    expect((err as StrapiRequestError).status).toBe(400);
  });

  it('passes a v3 Boom body on unchanged too', async () => {
    const body = { statusCode: 400, error: 'Bad Request', message: [{ messages: [{ id: 'Auth.form.error.invalid', message: 'Identifier or password invalid.' }] }] };
    answers['POST /auth/local'] = { status: 400, body };
    const err = (await client({ prefix: '', version: 'v3' }).login({ identifier: 'a', password: 'b' }).catch((e: unknown) => e)) as StrapiRequestError;
    expect(err.error).toEqual(body);
    expect(err.message).toBe('Identifier or password invalid.');
  });

  it('with no body from an unreachable server: v4/v5 UnknownError envelope', async () => {
    const port = await freePort();
    for (const version of ['v4', 'v5'] as const) {
      const err = (await client({ url: `http://127.0.0.1:${port}`, version }).request('/users/me').catch((e: unknown) => e)) as StrapiRequestError;
      expect(err).toBeInstanceOf(StrapiRequestError);
      expect(err.error).toMatchObject({ error: { status: 500, name: 'UnknownError', message: 'fetch failed', details: expect.anything() } });
    }
  });

  it('with no body from an unreachable server: v3 UnknownError shape', async () => {
    const port = await freePort();
    const err = (await client({ url: `http://127.0.0.1:${port}`, version: 'v3', prefix: '' }).request('/users/me').catch((e: unknown) => e)) as StrapiRequestError;
    expect(err.error).toEqual({ error: 'UnknownError', message: 'fetch failed', statusCode: 500 });
  });
});

describe('session flows', () => {
  it('fetchUser does nothing without a token, and sends the configured populate params with one', async () => {
    const anon = client();
    expect(await anon.fetchUser()).toBeNull();
    expect(seen).toHaveLength(0);
    answers['GET /api/users/me'] = { status: 200, body: USER };
    const c = client({ token: 't' });
    expect(await c.fetchUser()).toMatchObject({ id: 7, email: 'jana@example.cz', role: { type: 'authenticated' } });
    expect(c.users.get()?.username).toBe('jana');
    expect(seen[0].url).toBe('/api/users/me?populate[0]=role');
  });

  it('a failed user fetch clears the token and the user', async () => {
    answers['GET /api/users/me'] = { status: 401, body: { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } } };
    const c = client({ token: 'expired' });
    c.users.set({ ...USER });
    expect(await c.fetchUser()).toBeNull();
    expect(await c.getToken()).toBeNull();
    expect(c.users.get()).toBeNull();
  });

  it('login clears the token, posts, stores the jwt, then fetches the user', async () => {
    answers['POST /api/auth/local'] = { status: 200, body: { jwt: 'new-jwt', user: USER } };
    answers['GET /api/users/me'] = { status: 200, body: USER };
    const c = client({ token: 'old' });
    await c.login({ identifier: 'jana@example.cz', password: 'heslo-1234' });
    expect(seen.map((s) => [s.method, s.url.split('?')[0], s.authorization])).toEqual([
      ['POST', '/api/auth/local', undefined],
      ['GET', '/api/users/me', 'Bearer new-jwt'],
    ]);
    expect(JSON.parse(seen[0].body)).toEqual({ identifier: 'jana@example.cz', password: 'heslo-1234' });
    expect(await c.getToken()).toBe('new-jwt');
    expect(c.users.get()?.id).toBe(7);
  });

  it('register with e-mail confirmation on stores no token and loads no user', async () => {
    answers['POST /api/auth/local/register'] = { status: 200, body: { user: { ...USER, confirmed: false } } };
    const c = client({ token: 'old' });
    const res = await c.register({ username: 'jana', email: 'jana@example.cz', password: 'heslo-1234' });
    expect(res.jwt).toBeUndefined();
    expect(await c.getToken()).toBeNull();
    expect(c.users.get()).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('resetPassword and authenticateProvider store the jwt and fetch the user', async () => {
    answers['POST /api/auth/reset-password'] = { status: 200, body: { jwt: 'r-jwt', user: USER } };
    answers['GET /api/auth/google/callback'] = { status: 200, body: { jwt: 'p-jwt', user: USER } };
    answers['GET /api/users/me'] = { status: 200, body: USER };
    const c = client();
    await c.resetPassword({ code: 'c', password: 'p', passwordConfirmation: 'p' });
    expect(await c.getToken()).toBe('r-jwt');
    await c.authenticateProvider('google', 'a b');
    expect(await c.getToken()).toBe('p-jwt');
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/reset-password', '/api/users/me?populate[0]=role', '/api/auth/google/callback?access_token=a%20b', '/api/users/me?populate[0]=role']);
    expect(seen[2].authorization).toBeUndefined();
  });

  it('forgotPassword clears the token first; changePassword and sendEmailConfirmation ignore the answer', async () => {
    answers['POST /api/auth/forgot-password'] = { status: 200, body: { ok: true } };
    answers['POST /api/auth/change-password'] = { status: 200, body: { jwt: 'ignored', user: USER } };
    answers['POST /api/auth/send-email-confirmation'] = { status: 200, body: { email: 'x', sent: true } };
    const c = client({ token: 'tok' });
    await c.changePassword({ currentPassword: 'a', password: 'b', passwordConfirmation: 'b' });
    expect(seen[0].authorization).toBe('Bearer tok');
    expect(await c.getToken()).toBe('tok');
    await c.sendEmailConfirmation({ email: 'jana@example.cz' });
    await c.forgotPassword({ email: 'jana@example.cz' });
    expect(seen[2].authorization).toBeUndefined();
    expect(await c.getToken()).toBeNull();
  });

  it('logout is local: no request', async () => {
    const c = client({ token: 'tok' });
    c.users.set({ ...USER });
    await c.logout();
    expect(await c.getToken()).toBeNull();
    expect(c.users.get()).toBeNull();
    expect(seen).toHaveLength(0);
  });
});
