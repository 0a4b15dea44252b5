/** `npm run admin:create` as a real process on a PGlite data directory. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '@/db/client';
import { findUserByEmail } from '@/accounts/builtin/repository';
import { verifyPassword } from '@/accounts/builtin/passwords';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-create-'));

async function adminCreate(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  delete env.ACCOUNTS_SOURCE;
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/admin-create.ts', ...args], { cwd: root, env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('admin:create', () => {
  it('rejects bad arguments with a Czech usage message', async () => {
    const res = await adminCreate('--email', 'not-an-email', '--password', 'short');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Použití: npm run admin:create -- --email E --password P');
    expect(res.stderr).toContain('--email musí být platný e-mail');
    expect(res.stderr).toContain('--password musí mít alespoň 8 znaků');
  });

  it('creates the admin, then promotes and re-keys an existing account', async () => {
    const first = await adminCreate('--email', 'Anna@Example.cz', '--password', 'prvni-heslo-1');
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('Vytvořen administrátor anna@example.cz');
    const second = await adminCreate('--email', 'anna@example.cz', '--password', 'druhe-heslo-2');
    expect(second.stdout).toContain('Povýšen administrátor anna@example.cz');

    const handle = await openDb({ url: path.join(dataDir, 'pglite') });
    try {
      const user = await findUserByEmail(handle.db, 'anna@example.cz');
      expect(user).toMatchObject({ confirmed: true, blocked: false, role: { type: 'admin' } });
      expect(await verifyPassword('druhe-heslo-2', user?.passwordHash)).toBe(true);
      expect(await verifyPassword('prvni-heslo-1', user?.passwordHash)).toBe(false);
    } finally {
      await handle.close();
    }
  }, 90_000);
});
