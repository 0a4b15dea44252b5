process.env.LOG_LEVEL ??= 'error';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@tests/support/test-db';
import { handleAvailabilityGet, handleInquiryPost, type HttpDeps } from '@/bookings/http.server';
import { handleFormSubmission, initialFormState } from '@/bookings/form-submit.server';
import type { InquiryKind } from '@/bookings/input';
import { countRows, resetBookings, testConfig, validInquiry } from '@tests/support/bookings-factories';

/**
 * Malformed, oversized and hostile input to every booking endpoint and form: only 4xx answers (never 5xx),
 * Czech messages, and nothing stored.
 */
let h: DbHandle;
let deps: HttpDeps;
const MB = 'x'.repeat(1024 * 1024);
const SQL = "'; DROP TABLE inquiries; --";

beforeAll(async () => {
  h = await createTestDb('pglite');
  deps = { getDb: async () => h.db, config: testConfig, packageIds: ['cely-den', 'obrad'] };
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await resetBookings(h);
});

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/api/inquiries', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5', ...headers },
    body,
  });
}

async function expectRefused(res: Response): Promise<{ message: string; fields: Record<string, string> }> {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
  expect(body.error.message).toMatch(/[a-zá-ž]/i);
  expect(typeof body.error.fields).toBe('object');
  return body.error;
}

const hostileInquiries: [string, unknown][] = [
  ['an empty object', {}],
  ['an array', [validInquiry()]],
  ['null', null],
  ['a string', 'inquiry'],
  ['a number', 42],
  ['wrong types', { ...validInquiry(), partner1: 123, guestCount: 'abc', consent: 'yes', weddingDate: 20270101, email: ['a@b.cz'] }],
  ['a missing e-mail', validInquiry(200, { email: undefined })],
  ['an invalid e-mail', validInquiry(200, { email: 'not-an-email' })],
  ['SQL in the e-mail', validInquiry(200, { email: `a@example.cz${SQL}` })],
  ['SQL in the date', validInquiry(200, { weddingDate: `2027-06-12${SQL}` })],
  ['SQL in the guest count', validInquiry(200, { guestCount: `1${SQL}` })],
  ['a script tag in a name', validInquiry(200, { partner1: '<script>alert(1)</script>' })],
  ['an img onerror in the venue', validInquiry(200, { venue: '<img src=x onerror=alert(1)>' })],
  ['a script tag in the message', validInquiry(200, { message: 'Ahoj <script>fetch("//evil")</script>' })],
  ['control characters', validInquiry(200, { partner2: 'Petr\u0000\u0007' })],
  ['an impossible date', validInquiry(200, { weddingDate: '2027-02-30' })],
  ['a past date', validInquiry(200, { weddingDate: '2020-06-12' })],
  ['a date too far ahead', validInquiry(365 * 6)],
  ['a negative guest count', validInquiry(200, { guestCount: -5 })],
  ['a huge guest count', validInquiry(200, { guestCount: 1e9 })],
  ['a fractional hour count', validInquiry(200, { hours: 2.5 })],
  ['an unknown package', validInquiry(200, { packageId: 'neexistuje' })],
  ['an unknown source', validInquiry(200, { source: 'tiktok' })],
  ['a bad ceremony time', validInquiry(200, { ceremonyTime: '25:99' })],
  ['a too long message', validInquiry(200, { message: 'a'.repeat(6000) })],
  ['a too long name', validInquiry(200, { partner1: 'a'.repeat(500) })],
  ['prototype pollution keys', JSON.parse('{"__proto__":{"consent":true},"constructor":{"prototype":{"x":1}}}')],
  ['nested objects as fields', validInquiry(200, { partner1: { $gt: '' }, message: { toString: 'x' } })],
];

describe('POST /api/inquiries with bad input', () => {
  it.each(hostileInquiries)('refuses %s with a Czech 4xx and stores nothing', async (_name, payload) => {
    const err = await expectRefused(await handleInquiryPost(post(JSON.stringify(payload)), deps));
    expect(err.message.length).toBeGreaterThan(5);
    expect(await countRows(h, 'inquiries')).toBe(0);
  });

  it('names the failing fields in Czech', async () => {
    const err = await expectRefused(await handleInquiryPost(post(JSON.stringify({ ...validInquiry(), email: 'x', consent: false, partner1: '' })), deps));
    expect(err.fields.email).toContain('platný e-mail');
    expect(err.fields.consent).toBeUndefined();
    expect(err.fields.partner1).toContain('Vyplňte');
  });

  it('accepts an inquiry without `consent` or with `consent: false` (the forms show a notice; no consent is required)', async () => {
    const { consent: _dropped, ...withoutConsent } = validInquiry(200);
    const first = await handleInquiryPost(post(JSON.stringify(withoutConsent), { 'x-forwarded-for': '203.0.113.21' }), deps);
    expect(first.status).toBe(201);
    const second = await handleInquiryPost(
      post(JSON.stringify(validInquiry(201, { consent: false, email: 'eva@example.cz' })), { 'x-forwarded-for': '203.0.113.22' }),
      deps,
    );
    expect(second.status).toBe(201);
    expect(await countRows(h, 'inquiries')).toBe(2);
  });

  it('refuses a 1 MB body with 413 before reading it all', async () => {
    const res = await handleInquiryPost(post(JSON.stringify(validInquiry(200, { message: MB }))), deps);
    expect(res.status).toBe(413);
    await expectRefused(res);
    expect(await countRows(h, 'inquiries')).toBe(0);
  });

  it('refuses malformed JSON, a wrong content type and an empty body', async () => {
    for (const [body, headers, status] of [
      ['{"partner1": "Jana",', {}, 400],
      ['partner1=Jana', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
      ['', {}, 400],
      ['\u0000\u0001', {}, 400],
    ] as const) {
      const res = await handleInquiryPost(post(body, headers), deps);
      expect(res.status).toBe(status);
      await expectRefused(res);
    }
    expect(await countRows(h, 'inquiries')).toBe(0);
  });

  it('refuses a hostile Idempotency-Key header', async () => {
    for (const key of ['short', 'x'.repeat(300), `abc${SQL}`, '<script>alert(1)</script>']) {
      await expectRefused(await handleInquiryPost(post(JSON.stringify(validInquiry()), { 'idempotency-key': key }), deps));
    }
    expect(await countRows(h, 'inquiries')).toBe(0);
  });

  it('stores SQL-looking text in a free-text field verbatim (parameterised), tables intact', async () => {
    const res = await handleInquiryPost(post(JSON.stringify(validInquiry(200, { message: `Robert${SQL}` }))), deps);
    expect(res.status).toBe(201);
    const rows = await h.db.execute(sql`SELECT message FROM inquiries`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { message: string }[] }).rows) as { message: string }[];
    expect(list).toEqual([{ message: `Robert${SQL}` }]);
  });

  it('accepts the valid payload with 201 and a reference, the same with a retried key', async () => {
    const a = await handleInquiryPost(post(JSON.stringify(validInquiry()), { 'idempotency-key': 'order-key-123' }), deps);
    const b = await handleInquiryPost(post(JSON.stringify(validInquiry()), { 'idempotency-key': 'order-key-123' }), deps);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const [ra, rb] = (await Promise.all([a.json(), b.json()])) as { reference: string }[];
    expect(ra.reference).toMatch(/^SV-\d{4}-/);
    expect(rb.reference).toBe(ra.reference);
    expect(await countRows(h, 'inquiries')).toBe(1);
  });

  it('answers 503 with the Czech try-again message when the database is down', async () => {
    const res = await handleInquiryPost(post(JSON.stringify(validInquiry())), { ...deps, getDb: () => Promise.reject(new Error('connect ECONNREFUSED')) });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect((await expectRefusedLoose(res)).message).toContain('Zkuste to prosím znovu za chvíli');
  });
});

async function expectRefusedLoose(res: Response) {
  return ((await res.json()) as { error: { message: string } }).error;
}

describe('GET /api/availability with bad input', () => {
  it.each([
    ['no parameters', ''],
    ['a missing end', '?from=2027-01-01'],
    ['an impossible month', '?from=2027-13-01&to=2027-12-01'],
    ['a reversed range', '?from=2027-05-01&to=2027-04-01'],
    ['a range over 400 days', '?from=2027-01-01&to=2029-01-01'],
    ['SQL in a parameter', `?from=2027-01-01${encodeURIComponent(SQL)}&to=2027-02-01`],
    ['a script tag', '?from=<script>&to=2027-02-01'],
    ['a long string', `?from=${MB.slice(0, 5000)}&to=2027-02-01`],
  ])('refuses %s with a Czech 400', async (_name, query) => {
    const res = await handleAvailabilityGet(new Request(`http://localhost/api/availability${query}`), deps);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/Zadejte|nesmí|nejvýše/);
  });

  it('answers dates only', async () => {
    const res = await handleAvailabilityGet(new Request('http://localhost/api/availability?from=2027-01-01&to=2027-12-31'), deps);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ taken: [] });
  });
});

describe('booking forms with bad input', () => {
  const formDeps = () => ({ getDb: async () => h.db, config: testConfig, packageIds: ['cely-den'], clientAddress: '203.0.113.8' });

  async function submitForm(kind: InquiryKind, fields: Record<string, string | Blob>, tweak?: (fd: FormData) => void) {
    const initial = await initialFormState(kind, async () => h.db);
    const fd = new FormData();
    fd.set('_key', initial.key);
    fd.set('_started', initial.started);
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    tweak?.(fd);
    return handleFormSubmission(kind, initial, fd, formDeps());
  }

  const validForm = (): Record<string, string> => {
    const v = validInquiry();
    // The forms show a privacy notice instead of a consent box, so they send no `consent`.
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'marketingConsent' && k !== 'consent').map(([k, val]) => [k, String(val)]));
  };

  const cases: [string, InquiryKind, Record<string, string | Blob>, ((fd: FormData) => void)?][] = [
    ['an empty full form', 'full', {}],
    ['an empty short form', 'simple', {}],
    ['an empty contact form', 'contact', {}],
    ['1 MB strings in every field', 'full', Object.fromEntries(Object.keys(validForm()).map((k) => [k, MB]))],
    ['a 1 MB contact message', 'contact', { partner1: 'Jana', email: 'jana@example.cz', message: MB }],
    ['script tags', 'full', { ...validForm(), partner1: '<script>alert(1)</script>', venue: '<iframe src=//evil>' }],
    ['SQL in typed fields', 'full', { ...validForm(), email: `x@example.cz${SQL}`, guestCount: `5${SQL}`, weddingDate: SQL }],
    ['a file instead of text', 'full', { ...validForm(), partner1: new Blob(['<svg/onload=alert(1)>'], { type: 'image/svg+xml' }) }],
    ['no partner name', 'simple', { partner1: 'Jana', email: 'jana@example.cz', weddingDate: validForm().weddingDate }],
    ['the honeypot filled', 'full', validForm(), (fd) => fd.set('website', 'http://spam.example')],
    ['a forged start token', 'full', validForm(), (fd) => fd.set('_started', `${Date.now() - 60_000}.forgedforgedforgedforged`)],
    ['no start token', 'contact', { partner1: 'Jana', email: 'jana@example.cz', message: 'Dobrý den' }, (fd) => fd.delete('_started')],
  ];

  it.each(cases)('refuses %s with a Czech message, keeps the values, stores nothing', async (_name, kind, fields, tweak) => {
    const result = await submitForm(kind, fields, tweak);
    expect('state' in result).toBe(true);
    if (!('state' in result)) return;
    const s = result.state;
    expect(s.status).toBe('error');
    expect(s.code).toBeGreaterThanOrEqual(400);
    expect(s.code).toBeLessThan(500);
    expect(s.message).toMatch(/[á-ž]/);
    for (const [k, v] of Object.entries(fields)) if (typeof v === 'string' && v.length < 1000) expect(s.values[k]).toBe(v);
    expect(await countRows(h, 'inquiries')).toBe(0);
  });

  it('refuses a submission faster than the minimum fill time, keeping the token for the resend', async () => {
    const initial = await initialFormState('full', async () => h.db);
    const fd = new FormData();
    fd.set('_key', initial.key);
    fd.set('_started', initial.started);
    for (const [k, v] of Object.entries(validForm())) fd.set(k, v);
    const result = await handleFormSubmission('full', initial, fd, { ...formDeps(), config: { ...testConfig, minFillMs: 60_000 } });
    expect('state' in result && result.state).toMatchObject({ status: 'error', code: 429, started: initial.started });
    expect(await countRows(h, 'inquiries')).toBe(0);
  });

  it('answers 503 with the form intact when the database is down', async () => {
    const initial = await initialFormState('full', async () => h.db);
    const fd = new FormData();
    fd.set('_key', initial.key);
    fd.set('_started', initial.started);
    for (const [k, v] of Object.entries(validForm())) fd.set(k, v);
    const result = await handleFormSubmission('full', initial, fd, { ...formDeps(), getDb: () => Promise.reject(new Error('down')) });
    expect('state' in result && result.state).toMatchObject({ status: 'error', code: 503, values: validForm() });
    expect('state' in result && result.state.message).toContain('Zkuste to prosím znovu za chvíli');
  });

  it('stores a valid form once, even when it is sent twice with the same hidden key', async () => {
    const initial = await initialFormState('full', async () => h.db);
    const fd = new FormData();
    fd.set('_key', initial.key);
    fd.set('_started', initial.started);
    for (const [k, v] of Object.entries(validForm())) fd.set(k, v);
    const [a, b] = await Promise.all([handleFormSubmission('full', initial, fd, formDeps()), handleFormSubmission('full', initial, fd, formDeps())]);
    expect('redirect' in a && a.redirect).toMatch(/^\/rezervace\/odeslano\?ref=SV-/);
    expect('redirect' in b && b.redirect).toBe('redirect' in a && a.redirect);
    expect(await countRows(h, 'inquiries')).toBe(1);
  });
});
