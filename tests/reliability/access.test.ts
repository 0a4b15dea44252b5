/**
 * Access: every admin page, server action and route handler of the build (read from Next's own manifests, so a
 * new one is covered without editing this file) is tried anonymously and as a signed-in couple — all refused,
 * nothing changed in the database, none of the inquiries' personal data in any answer. A couple cannot read
 * another couple's inquiry by changing an id or reference anywhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createOrPromoteAdmin } from '@/accounts/admin';
import { DB_KINDS, postInquiry, query, RAISED_LIMITS, startServer, testDatabase, validInquiry, type RunningServer, type TestDatabase } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'anna.admin@example.cz', password: 'Správné-heslo-2026' };

function manifest<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(root, '.next/server', file), 'utf8')) as T;
}

/** Route groups such as `(admin)` are folders only: they are not part of the URL. */
const withoutGroups = (key: string) => key.replace(/\/\([^/)]+\)(?=\/)/g, '');

/** App routes of the build: '/(admin)/admin/bookings/[id]/page' → { route: '/admin/bookings/[id]', kind: 'page' }. */
function appRoutes(): { route: string; kind: 'page' | 'route' }[] {
  return Object.keys(manifest<Record<string, string>>('app-paths-manifest.json'))
    .filter((k) => !k.startsWith('/_'))
    .map(withoutGroups)
    .map((k) => ({ route: k.replace(/\/(page|route)$/, '') || '/', kind: k.endsWith('/route') ? ('route' as const) : ('page' as const) }));
}

interface BuildAction {
  id: string;
  name: string;
  /** App pages (manifest keys such as 'app/admin/bookings/[id]/page') that use the action. */
  pages: string[];
  filename: string;
}

/** Every server action of the build, from Next's server-reference manifest. */
function buildActions(): BuildAction[] {
  const m = manifest<{ node: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }> }>('server-reference-manifest.json');
  return Object.entries(m.node).map(([id, a]) => ({
    id,
    name: `${a.filename}#${a.exportedName}`,
    pages: Object.keys(a.workers).map((p) => withoutGroups(`/${p}`).slice(1)),
    filename: a.filename ?? '',
  }));
}

const pagePath = (page: string) => '/' + page.replace(/^app\//, '').replace(/\/page$/, '').replace(/^page$/, '');

/** Server actions of the build that only admin pages use, or that live in an admin module. */
function adminActions(): { id: string; name: string; page: string }[] {
  return buildActions()
    .filter((a) => (a.pages.length > 0 && a.pages.every((p) => p.startsWith('app/admin/') && !p.startsWith('app/admin/login'))) || /admin/i.test(a.filename))
    .map((a) => ({ id: a.id, name: a.name, page: pagePath(a.pages.find((p) => !p.includes('login')) ?? 'app/admin/page') }));
}

/** Every server action of the build, with one page that uses it (the action id is checked against that page). */
function allActions(): { id: string; name: string; page: string }[] {
  return buildActions().map((a) => ({ id: a.id, name: a.name, page: pagePath(a.pages[0] ?? 'app/page') }));
}

const fill = (route: string, id: number, ref: string) =>
  route
    .replace(/\[\[?\.{0,3}(id|inquiryId)\]?\]/g, String(id))
    .replace(/\[\[?\.{0,3}(ref|reference)\]?\]/g, ref)
    .replace(/\[\[?\.{0,3}[a-zA-Z]+\]?\]/g, String(id));

interface Who {
  name: string;
  /** The couple sends its session both ways the site accepts it: the site cookie and a bearer token. */
  headers: Record<string, string>;
}

describe('access control', () => {
  let tdb: TestDatabase;
  let server: RunningServer;
  let couple: Who;
  const anon: Who = { name: 'anonymous', headers: {} };
  const inquiries: { id: number; reference: string; email: string; partner1: string; phone: string }[] = [];
  let secrets: string[] = [];

  const serverEnv = () => ({ ...tdb.env, ...RAISED_LIMITS, AUTH_EMAIL_CONFIRMATION: 'false' });
  /** Everything an admin action could change. PGlite allows one process per data dir: stop the server around it. */
  const state = async () => {
    if (tdb.kind === 'pglite') await server.stop();
    const h = await tdb.open();
    try {
      const parts = await Promise.all(
        ['inquiries', 'inquiry_status_history', 'inquiry_notes', 'mail_outbox', 'auth_users', 'app_settings'].map(async (t) =>
          JSON.stringify(await query(h, sql.raw(`SELECT * FROM ${t} ORDER BY 1`)).catch(() => 'missing')),
        ),
      );
      return parts.join('\n');
    } finally {
      await h.close();
      if (tdb.kind === 'pglite') server = await startServer(serverEnv(), { dataDir: tdb.dataDir });
    }
  };

  beforeAll(async () => {
    tdb = await testDatabase(DB_KINDS.at(-1)!, 'access');
    const h = await tdb.open();
    await createOrPromoteAdmin(h.db, ADMIN);
    await h.close();
    server = await startServer(serverEnv(), { dataDir: tdb.dataDir });
    // Two couples' inquiries; the second couple registers an account with its own e-mail.
    for (const n of [1, 2]) {
      const v = { ...validInquiry('access', n), phone: `+420 601 00${n} 00${n}` };
      const r = await postInquiry(server.url, v);
      expect(r.status).toBe(201);
      inquiries.push({ id: 0, reference: r.json!.reference!, email: v.email, partner1: v.partner1, phone: v.phone });
    }
    const reg = await fetch(`${server.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'access-2', email: inquiries[1].email, password: 'Heslo-pro-par-2' }),
    });
    expect(reg.status).toBe(200);
    const jwt = ((await reg.json()) as { jwt: string }).jwt;
    couple = { name: 'couple', headers: { cookie: `strapi_jwt=${jwt}`, authorization: `Bearer ${jwt}` } };
    if (tdb.kind === 'pglite') await server.stop();
    const h2 = await tdb.open();
    const ids = await query<{ id: number; reference: string }>(h2, sql`SELECT id, reference FROM inquiries`);
    await h2.close();
    if (tdb.kind === 'pglite') server = await startServer(serverEnv(), { dataDir: tdb.dataDir });
    for (const i of inquiries) i.id = Number(ids.find((x) => x.reference === i.reference)!.id);
    // The first couple's personal data must never appear in an answer to anyone but the admin.
    secrets = [inquiries[0].email, inquiries[0].partner1, inquiries[0].phone];
  });
  afterAll(async () => {
    await server?.stop();
    await tdb?.drop();
  });

  async function get(who: Who, p: string, method = 'GET') {
    const res = await fetch(server.url + p, { method, redirect: 'manual', headers: who.headers });
    return { status: res.status, location: res.headers.get('location') ?? '', body: await res.text() };
  }

  /** As React's client encodes a call: a useActionState form (state, formData) or a plain form action (formData). */
  const ACTION_ROOTS = [JSON.stringify([{}, '$K1']), JSON.stringify(['$K1'])];
  function callAction(who: Who, a: { id: string; page: string }, root: string, fields: Record<string, string>, id: number) {
    // The referenced FormData's entries come first and the root last, as React sends them (the server resolves
    // `$K1` from the entries it has already received when the root arrives).
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(`_1_${k}`, v);
    fd.append('0', root);
    return fetch(server.url + a.page.replace(/\[[^\]]+\]/g, String(id)), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'next-action': a.id, accept: 'text/x-component', ...who.headers },
      body: fd,
    });
  }

  function expectNoLeak(body: string, what: string, sentByCaller: string[] = []) {
    for (const s of secrets) if (!sentByCaller.includes(s)) expect(body.includes(s), `${what} leaked "${s}"`).toBe(false);
  }

  it('refuses every admin page and route handler to anonymous visitors and couples', async () => {
    const target = inquiries[0];
    // Entry points, not admin pages: the sign-in form and the one-time, token-protected first-admin setup.
    const entry = (route: string) => route.startsWith('/admin/login') || route.startsWith('/admin/setup');
    const routes = appRoutes().filter((r) => r.route.startsWith('/admin') && !entry(r.route));
    expect(routes.length).toBeGreaterThan(0);
    const seen: string[] = [];
    for (const who of [anon, couple]) {
      for (const r of routes) {
        const p = fill(r.route, target.id, target.reference);
        for (const method of r.kind === 'route' ? ['GET', 'POST'] : ['GET']) {
          const res = await get(who, `${p}${p.includes('?') ? '&' : '?'}email=${encodeURIComponent(target.email)}`, method);
          seen.push(`${who.name} ${method} ${p} → ${res.status}`);
          expectNoLeak(res.body, `${who.name} ${method} ${p}`);
          if (who === anon) expect([303, 307, 308, 401, 403, 404, 405], `${who.name} ${method} ${p}`).toContain(res.status);
          else expect([401, 403, 404, 405], `${who.name} ${method} ${p}`).toContain(res.status);
          if (res.status >= 300 && res.status < 400) expect(res.location).toMatch(/\/admin\/login/);
        }
      }
    }
    console.log(`[access] ${seen.length} admin requests refused:\n  ${seen.join('\n  ')}`);
    // The setup page offers no form once an admin exists, with or without a guessed token.
    for (const who of [anon, couple]) {
      for (const q of ['', '?token=guess', `?token=${'a'.repeat(43)}`]) {
        const res = await get(who, `/admin/setup${q}`);
        if (res.status === 404) continue;
        expect(res.body.includes('name="password"'), `${who.name} /admin/setup${q} offers the setup form`).toBe(false);
        expectNoLeak(res.body, `${who.name} /admin/setup${q}`);
      }
    }
  });

  it('refuses the calendar feed without its secret', async () => {
    const calendar = appRoutes().filter((r) => r.route.startsWith('/api/calendar'));
    for (const r of calendar) {
      for (const guess of ['feed.ics', 'svatby.ics', '0.ics', `${'a'.repeat(32)}.ics`]) {
        const res = await get(anon, r.route.replace(/\[[^\]]+\]/, guess));
        expect(res.status, `${r.route} with ${guess}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expectNoLeak(res.body, `calendar ${guess}`);
      }
    }
  });

  it('refuses every admin server action and changes nothing', async () => {
    const actions = adminActions();
    expect(actions.length).toBeGreaterThan(0);
    // Secrets such as the calendar token are created lazily on first use (the calendar test above); the snapshot
    // is taken here, so any change from now on is an action's doing.
    const snapshot = await state();
    const target = inquiries[0];
    const fields: Record<string, string> = { id: String(target.id), to: 'confirmed', note: 'hack', body: 'hack', email: target.email, confirm: target.email, status: 'confirmed' };
    const seen: string[] = [];
    const serverErrors: string[] = [];
    for (const who of [anon, couple]) {
      for (const a of actions) {
        for (const root of ACTION_ROOTS) {
          const res = await callAction(who, a, root, fields, target.id);
          const body = await res.text();
          seen.push(`${who.name} ${a.name} → ${res.status} ${res.headers.get('x-action-redirect') ?? ''}`);
          // The e-mail is part of what was sent (erase-by-e-mail), so an echo of it proves nothing: check the rest.
          expectNoLeak(body, `${who.name} action ${a.name}`, [target.email]);
          // A 5xx would still refuse (the state check below), but every action answers malformed calls cleanly.
          if (res.status >= 500) serverErrors.push(`${who.name} ${a.name} with arguments ${root} → ${res.status}`);
        }
        // And as a browser without JavaScript posts a form bound to the action.
        const fd = new FormData();
        fd.append(`$ACTION_ID_${a.id}`, '');
        for (const [k, v] of Object.entries(fields)) fd.append(k, v);
        const res = await fetch(server.url + a.page.replace(/\[[^\]]+\]/g, String(target.id)), { method: 'POST', redirect: 'manual', headers: who.headers, body: fd });
        const body = await res.text();
        expectNoLeak(body, `${who.name} no-JS action ${a.name}`, [target.email]);
        if (res.status >= 500) serverErrors.push(`${who.name} ${a.name} as a no-JS form post → ${res.status}`);
      }
    }
    console.log(`[access] admin actions tried:\n  ${seen.join('\n  ')}`);
    expect(serverErrors, `refused with a 5xx instead of a clean answer:\n  ${serverErrors.join('\n  ')}`).toEqual([]);
    expect(await state()).toBe(snapshot);
  });

  it('answers malformed calls of every server action (public ones too) without a 5xx', async () => {
    const actions = allActions();
    expect(actions.length).toBeGreaterThan(actions.filter((a) => /admin/i.test(a.name)).length);
    // The booking forms' signing secret is created lazily by the first form rendered per request (the cached
    // /rezervace carries no token): render one before the snapshot.
    expect((await get(anon, '/simple-booking')).status).toBe(200);
    const snapshot = await state();
    const roots = [JSON.stringify([]), JSON.stringify(['junk']), JSON.stringify([{}, 'junk']), JSON.stringify([null, null]), JSON.stringify([7, { a: 1 }])];
    const serverErrors: string[] = [];
    for (const who of [anon, couple]) {
      for (const a of actions) {
        for (const root of roots) {
          const fd = new FormData();
          fd.append('0', root);
          const res = await fetch(server.url + fill(a.page, inquiries[0].id, inquiries[0].reference), {
            method: 'POST',
            redirect: 'manual',
            headers: { 'next-action': a.id, accept: 'text/x-component', ...who.headers },
            body: fd,
          });
          await res.text();
          if (res.status >= 500) serverErrors.push(`${who.name} ${a.name} with ${root} → ${res.status}`);
        }
      }
    }
    expect(serverErrors, serverErrors.join('\n')).toEqual([]);
    expect(await state()).toBe(snapshot);
  });

  it('(control) the same action calls made by the admin do change the data, so the refusals above are real', async () => {
    const res = await fetch(`${server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: ADMIN.email, password: ADMIN.password }),
    });
    expect(res.status).toBe(200);
    const jwt = ((await res.json()) as { jwt: string }).jwt;
    const admin: Who = { name: 'admin', headers: { cookie: `strapi_jwt=${jwt}`, authorization: `Bearer ${jwt}` } };
    const actions = adminActions().filter((a) => /note|status/i.test(a.name));
    expect(actions.length).toBeGreaterThan(0);
    const before = await state();
    const target = inquiries[1];
    for (const a of actions) {
      for (const root of ACTION_ROOTS) {
        const r = await callAction(admin, a, root, { id: String(target.id), to: 'in_talks', note: 'Kontrola testu', body: 'Kontrolní poznámka' }, target.id);
        await r.text();
      }
    }
    expect(await state()).not.toBe(before);
  });

  it("does not show a couple another couple's inquiry for any id or reference", async () => {
    const other = inquiries[0];
    const own = inquiries[1];
    // The action sweep above also called the sign-out action as the couple, which revokes its token server-side:
    // sign in afresh, so every request below is made by a couple that really is signed in.
    const signIn = await fetch(`${server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: own.email, password: 'Heslo-pro-par-2' }),
    });
    expect(signIn.status).toBe(200);
    const fresh = ((await signIn.json()) as { jwt: string }).jwt;
    couple = { name: 'couple', headers: { cookie: `strapi_jwt=${fresh}`, authorization: `Bearer ${fresh}` } };
    const routes = appRoutes().filter((r) => !r.route.startsWith('/admin') && !r.route.startsWith('/api/placeholder') && r.route !== '/bench-minimal');
    const tried: string[] = [];
    for (const r of routes) {
      const dynamic = /\[/.test(r.route);
      const candidates = dynamic
        ? [fill(r.route, other.id, other.reference), r.route.replace(/\[[^\]]+\]/g, other.reference)]
        : [`${r.route}?id=${other.id}&ref=${other.reference}&reference=${other.reference}&inquiry=${other.id}`];
      for (const p of candidates) {
        const res = await get(couple, p);
        tried.push(`${p} → ${res.status}`);
        expectNoLeak(res.body, `couple GET ${p}`);
      }
    }
    // Sanity: the couple really was signed in while trying (its own account answers).
    const me = await get(couple, '/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toContain(own.email);
    console.log(`[access] couple tried ${tried.length} public/portal URLs with the other couple's id and reference`);
  });
});
