/**
 * Bad input at volume: 10 000 requests generated with fast-check against every JSON endpoint, every form (posted
 * the way a browser without JavaScript posts it, hidden React action fields included) and the query-string
 * limits. Every generated input carries at least one definite violation. Expected: zero 5xx, and nothing stored
 * (no inquiry, no account, no mail) from any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { query, startServer, testDatabase, validInquiry, RAISED_LIMITS, type RunningServer, type TestDatabase } from './helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const TOTAL = Number(process.env.FUZZ_TOTAL ?? 10_000);
const CONCURRENCY = 12;

interface Req {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string | FormData;
}

const hostile = fc.constantFrom(
  '<script>alert(1)</script>',
  "'; DROP TABLE inquiries; --",
  "' OR '1'='1",
  '\u0000\u0001\u0002',
  '../../../../etc/passwd',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '\uD800',
  '𝕏'.repeat(2000),
  'a'.repeat(70_000),
  '%00%ff%fe',
  'null',
  '__proto__',
);
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  hostile,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** encodeURIComponent that survives lone surrogates — they become a malformed UTF-8 sequence, fuzz in itself. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return `${encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

/** Junk as text (objects from fc.dictionary may have keys like `toString`, so no String()). */
const junkText: fc.Arbitrary<string> = junk.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')));

/** Changes that make an inquiry of any kind (full, simple, contact) certainly invalid… */
const UNIVERSAL_VIOLATIONS: ((b: Record<string, unknown>) => void)[] = [
  (b) => delete b.partner1,
  (b) => delete b.email,
  (b) => (b.email = 'not-an-email'),
  (b) => (b.partner1 = 'x'.repeat(5000)),
  (b) => (b.partner1 = '\u0000'),
  (b) => (b.message = 'y'.repeat(100_000)),
];
/** …and ones that only the full inquiry's fields make invalid. */
const INQUIRY_VIOLATIONS: ((b: Record<string, unknown>) => void)[] = [
  ...UNIVERSAL_VIOLATIONS,
  (b) => (b.weddingDate = '2001-01-01'),
  (b) => (b.weddingDate = '2026-02-30'),
  (b) => (b.weddingDate = 20270101),
  (b) => (b.guestCount = 'mnoho'),
  (b) => (b.guestCount = -5),
  (b) => (b.phone = '<script>'),
  (b) => (b.packageId = '../../etc'),
];

const INQUIRY_FIELDS = ['partner1', 'partner2', 'email', 'phone', 'weddingDate', 'venue', 'town', 'guestCount', 'packageId', 'message', 'consent', 'hours', 'source', 'ceremonyTime', 'marketingConsent'];

const inquiryReq: fc.Arbitrary<Req> = fc
  .record({
    violation: fc.integer({ min: 0, max: INQUIRY_VIOLATIONS.length - 1 }),
    overrides: fc.array(fc.tuple(fc.constantFrom(...INQUIRY_FIELDS), junk), { maxLength: 4 }),
    extra: fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 2 }),
    kind: fc.constantFrom('', '?kind=simple', '?kind=contact', '?kind=<x>', '?kind[]=a'),
    shape: fc.constantFrom('object', 'object', 'object', 'array', 'text', 'truncated', 'wrong-type', 'huge', 'bad-key'),
    n: fc.nat(),
  })
  .map(({ violation, overrides, extra, kind, shape, n }) => {
    const b: Record<string, unknown> = { ...validInquiry('fuzz', n), ...extra };
    for (const [k, v] of overrides) b[k] = v;
    const full = kind !== '?kind=simple' && kind !== '?kind=contact';
    (full ? INQUIRY_VIOLATIONS[violation] : UNIVERSAL_VIOLATIONS[violation % UNIVERSAL_VIOLATIONS.length])(b);
    let body = JSON.stringify(b);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': `fuzz-key-${n}` };
    if (shape === 'array') body = JSON.stringify([b]);
    if (shape === 'text') body = `partner1=${enc(typeof b.partner1 === 'string' ? b.partner1 : (JSON.stringify(b.partner1) ?? ''))}`;
    if (shape === 'truncated') body = body.slice(0, Math.max(1, Math.floor(body.length / 2)));
    if (shape === 'wrong-type') headers['content-type'] = 'text/plain';
    if (shape === 'huge') body = JSON.stringify({ ...b, message: 'z'.repeat(200_000) });
    if (shape === 'bad-key') headers['idempotency-key'] = '<&>'.repeat(50);
    return { label: `inquiry ${shape} v${violation}`, method: 'POST' as const, path: `/api/inquiries${kind}`, headers, body };
  });

const dateish = fc.oneof(fc.constantFrom('2027-01-01', '2027-13-01', '1900-01-01', '9999-12-31', '', 'null', '2027-1-1'), junkText);
const availabilityReq: fc.Arbitrary<Req> = fc.record({ from: dateish, to: dateish, extra: fc.string({ maxLength: 20 }) }).map(({ from, to, extra }) => ({
  label: 'availability',
  method: 'GET' as const,
  path: `/api/availability?from=${enc(from)}&to=${enc(to)}&${enc(extra)}=1`,
}));

const AUTH_ROUTES = ['/api/auth/local', '/api/auth/local/register', '/api/auth/forgot-password', '/api/auth/reset-password', '/api/auth/change-password', '/api/auth/send-email-confirmation'];
const authReq: fc.Arbitrary<Req> = fc
  .record({
    route: fc.constantFrom(...AUTH_ROUTES),
    body: fc.dictionary(fc.constantFrom('identifier', 'password', 'username', 'email', 'code', 'passwordConfirmation', 'currentPassword', 'role', 'confirmed'), junk, { maxKeys: 4 }),
    breakIt: fc.constantFrom('email', 'password', 'truncate', 'none-but-junk'),
    ip: fc.integer({ min: 1, max: 250 }),
  })
  .map(({ route, body, breakIt, ip }) => {
    const b: Record<string, unknown> = { ...body };
    // Register must never succeed: an invalid e-mail or a too-short password guarantees it.
    if (breakIt === 'email') b.email = 'neplatny-email';
    if (breakIt === 'password') b.password = 'short';
    if (route.endsWith('/register') && breakIt !== 'email') b.email = 'neplatny-email';
    let text = JSON.stringify(b);
    if (breakIt === 'truncate') text = text.slice(0, -1);
    return { label: `auth ${route}`, method: 'POST' as const, path: route, headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${ip}` }, body: text };
  });

const authGetReq: fc.Arbitrary<Req> = fc
  .record({
    path: fc.constantFrom('/api/auth/email-confirmation?confirmation=', '/api/auth/oidc/callback?access_token=', '/api/connect/', '/api/users/me?populate[0]='),
    value: junkText,
    token: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 200 }), fc.constant('eyJhbGciOiJub25lIn0.eyJpZCI6MX0.')),
  })
  .map(({ path, value, token }) => ({
    label: `auth GET ${path.split('?')[0]}`,
    method: 'GET' as const,
    path: path + enc(value.slice(0, 500)),
    headers: (token === undefined ? {} : { authorization: `Bearer ${token}` }) as Record<string, string>,
  }));

/** The query-string limits (docs/spec.md §9): array limit 20, depth 5, at most 1000 parameters. */
const queryReq: fc.Arbitrary<Req> = fc
  .record({
    page: fc.constantFrom('/portfolio', '/blog', '/', '/api/availability', '/rezervace', '/strapi-wedding-detail'),
    kind: fc.constantFrom('deep', 'wide-array', 'many', 'long', 'junk', 'proto'),
    n: fc.integer({ min: 1, max: 3000 }),
    value: junkText,
  })
  .map(({ page, kind, n, value }) => {
    let q = '';
    if (kind === 'deep') q = `a${'[b]'.repeat(Math.min(n, 200))}=1`;
    if (kind === 'wide-array') q = Array.from({ length: Math.min(n, 500) }, (_, i) => `rok[${i}]=${i}`).join('&');
    if (kind === 'many') q = Array.from({ length: Math.min(n, 2500) }, (_, i) => `p${i}=${i}`).join('&');
    if (kind === 'long') q = `kategorie=${'x'.repeat(Math.min(n * 10, 7000))}`;
    if (kind === 'junk') q = `rok=${enc(value.slice(0, 300))}&kategorie=${enc(value.slice(0, 300))}&from=${enc(value.slice(0, 50))}`;
    if (kind === 'proto') q = '__proto__[polluted]=1&constructor[prototype][x]=1';
    return { label: `query ${kind} ${page}`, method: 'GET' as const, path: `${page}?${q}` };
  });

interface FormSpec {
  page: string;
  hidden: [string, string][];
  fields: string[];
}

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Every POST form on a page, with the hidden inputs React renders for a no-JavaScript submission. */
async function formsOf(base: string, page: string): Promise<FormSpec[]> {
  const res = await fetch(base + page, { redirect: 'manual' });
  if (res.status !== 200) return [];
  const html = await res.text();
  const specs: FormSpec[] = [];
  for (const m of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)) {
    const inner = m[1];
    const hidden: [string, string][] = [];
    const fields: string[] = [];
    for (const input of inner.matchAll(/<(input|textarea|select)\b([^>]*)>/g)) {
      const attrs = input[2];
      const name = /\bname="([^"]*)"/.exec(attrs)?.[1];
      if (!name) continue;
      if (/type="hidden"/.test(attrs)) hidden.push([decode(name), decode(/\bvalue="([^"]*)"/.exec(attrs)?.[1] ?? '')]);
      else fields.push(decode(name));
    }
    if (fields.length) specs.push({ page, hidden, fields });
  }
  return specs;
}

function formReq(forms: FormSpec[]): fc.Arbitrary<Req> {
  return fc
    .record({
      form: fc.constantFrom(...forms),
      values: fc.array(junkText, { minLength: 20, maxLength: 20 }),
      dropConsent: fc.boolean(),
      breakEmail: fc.boolean(),
      keepHidden: fc.constantFrom(true, true, true, false),
    })
    .map(({ form, values, breakEmail, keepHidden }) => {
      const fd = new FormData();
      if (keepHidden) for (const [k, v] of form.hidden) fd.append(k, v);
      form.fields.forEach((f, i) => {
        let v = values[i % values.length].slice(0, 5000);
        // Invalid for sure: a bad e-mail (the honeypot `website` gets junk too, which alone refuses).
        if (f === 'email' || f === 'identifier') v = breakEmail ? 'neplatny@' : `${v.slice(0, 20)} @@`;
        if (f === 'password') v = v.slice(0, 3);
        fd.append(f, v);
      });
      return { label: `form ${form.page}`, method: 'POST' as const, path: form.page, body: fd };
    });
}

async function send(base: string, r: Req): Promise<{ status: number; label: string; path: string; body?: string }> {
  try {
    const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    const sent = typeof r.body === 'string' ? r.body.slice(0, 300) : '';
    return { status: res.status, label: r.label, path: r.path.slice(0, 120), body: res.status >= 500 || (res.status >= 200 && res.status < 300 && r.method === 'POST') ? `${text.slice(0, 200)} ← ${sent}` : undefined };
  } catch (err) {
    return { status: 0, label: r.label, path: r.path.slice(0, 120), body: String(err) };
  }
}

describe('fuzzing every form, JSON endpoint and query-string limit', () => {
  let tdb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    tdb = await testDatabase('pglite', 'fuzz');
    server = await startServer({ ...RAISED_LIMITS, TRUST_PROXY: 'true', AUTH_EMAIL_CONFIRMATION: 'false' }, { dataDir: tdb.dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    await tdb?.drop();
  });

  it(`answers ${TOTAL} generated bad requests without a 5xx and stores nothing`, async () => {
    const formPages = ['/rezervace', '/simple-booking', '/kontakt', '/admin/login', '/ucet/prihlaseni', '/ucet/registrace', '/ucet/zapomenute-heslo', '/ucet'];
    const forms = (await Promise.all(formPages.map((p) => formsOf(server.url, p)))).flat();
    const share = (part: number) => Math.floor(TOTAL * part);
    const requests: Req[] = [
      ...fc.sample(inquiryReq, { numRuns: share(0.3), seed: SEED }),
      ...fc.sample(availabilityReq, { numRuns: share(0.1), seed: SEED + 1 }),
      ...fc.sample(authReq, { numRuns: share(0.15), seed: SEED + 2 }),
      ...fc.sample(authGetReq, { numRuns: share(0.05), seed: SEED + 3 }),
      ...fc.sample(queryReq, { numRuns: share(0.2), seed: SEED + 4 }),
    ];
    if (forms.length) requests.push(...fc.sample(formReq(forms), { numRuns: TOTAL - requests.length, seed: SEED + 5 }));
    else requests.push(...fc.sample(inquiryReq, { numRuns: TOTAL - requests.length, seed: SEED + 6 }));
    expect(requests.length).toBe(TOTAL);

    const results: Awaited<ReturnType<typeof send>>[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) results.push(await send(server.url, requests[next++]));
      }),
    );
    const byStatus: Record<number, number> = {};
    for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const byLabel: Record<string, number> = {};
    for (const r of results) byLabel[r.label.split(' ').slice(0, 2).join(' ')] = (byLabel[r.label.split(' ').slice(0, 2).join(' ')] ?? 0) + 1;
    console.log(`[fuzz] seed ${SEED}; forms found: ${forms.map((f) => f.page).join(', ') || 'none'}; statuses ${JSON.stringify(byStatus)}; groups ${JSON.stringify(byLabel)}`);
    const bad = results.filter((r) => r.status >= 500 || r.status === 0);
    expect(bad.slice(0, 10), `${bad.length} requests answered 5xx or not at all`).toEqual([]);
    expect(results.length).toBe(TOTAL);
    const accepted = results.filter((r) => r.status === 201 || (r.status === 200 && r.path.startsWith('/api/auth/local/register')));
    expect(accepted.slice(0, 5), `${accepted.length} invalid requests were accepted`).toEqual([]);
    expect(server.proc.exitCode).toBeNull();

    await server.stop();
    const h = await tdb.open();
    try {
      const count = async (table: string) => Number((await query<{ n: string | number }>(h, sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0].n);
      expect(await count('inquiries')).toBe(0);
      expect(await count('inquiry_status_history')).toBe(0);
      expect(await count('mail_outbox')).toBe(0);
      expect(await count('auth_users')).toBe(0);
    } finally {
      await h.close();
    }
  });
});
