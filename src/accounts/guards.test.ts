import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/platform/env';
import { closeDb, getDb } from '@/db/db.server';
import { createOrPromoteAdmin } from './admin';
import { createUser, findRoleByType } from './builtin/repository';
import { hashPassword } from './builtin/passwords';
import { issueJwt } from './builtin/jwt.server';
import { isAdmin, requireAdminApi } from './guards.server';

const saved = { ...process.env };
let adminToken = '';
let coupleToken = '';

beforeAll(async () => {
  Object.assign(process.env, { DATABASE_URL: 'memory://', SITE_URL: 'http://site.test' });
  delete process.env.ACCOUNTS_SOURCE;
  delete process.env.ADMIN_ROLE_TYPE;
  resetEnvForTests();
  const db = await getDb();
  const { user: admin } = await createOrPromoteAdmin(db, { email: 'anna@example.cz', password: 'admin-heslo-1' });
  const role = await findRoleByType(db, 'authenticated');
  const couple = await createUser(db, { username: 'par', email: 'par@example.cz', passwordHash: await hashPassword('par-heslo-12'), confirmed: true, roleId: role!.id });
  adminToken = await issueJwt(db, admin, 3600);
  coupleToken = await issueJwt(db, couple, 3600);
});
afterAll(async () => {
  await closeDb();
  process.env = saved;
  resetEnvForTests();
});

const req = (headers: Record<string, string> = {}) => new Request('http://site.test/api/admin/x', { headers });

describe('requireAdminApi', () => {
  it('401 with a Czech message when anonymous or the token is bad', async () => {
    const anon = (await requireAdminApi(req())) as Response;
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Pro tuto akci se musíte přihlásit.' } });
    const bad = (await requireAdminApi(req({ authorization: 'Bearer nonsense' }))) as Response;
    expect(bad.status).toBe(401);
  });

  it('403 for a signed-in couple', async () => {
    const res = (await requireAdminApi(req({ authorization: `Bearer ${coupleToken}` }))) as Response;
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('K této akci nemáte oprávnění.');
  });

  it('the admin, by bearer token or by the session cookie', async () => {
    const byBearer = await requireAdminApi(req({ authorization: `Bearer ${adminToken}` }));
    expect(byBearer).toMatchObject({ email: 'anna@example.cz', role: { type: 'admin' } });
    const byCookie = await requireAdminApi(req({ cookie: `other=1; strapi_jwt=${adminToken}` }));
    expect(byCookie).toMatchObject({ email: 'anna@example.cz' });
    expect(isAdmin(byCookie as never)).toBe(true);
  });

  it('isAdmin needs the configured role type and an unblocked user', () => {
    expect(isAdmin({ id: 1, username: 'a', email: 'a', confirmed: true, blocked: false, role: { name: 'Admin', type: 'admin' } })).toBe(true);
    expect(isAdmin({ id: 1, username: 'a', email: 'a', confirmed: true, blocked: true, role: { name: 'Admin', type: 'admin' } })).toBe(false);
    expect(isAdmin({ id: 1, username: 'a', email: 'a', confirmed: true, blocked: false })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
