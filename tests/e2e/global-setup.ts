import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '@/db/client';

/**
 * One migrated, empty embedded database for the whole run. A server started on a new data folder spends most of its
 * start-up (≈6 s of CPU on a 2-core machine) on PGlite's initdb and the migrations; the harness copies this folder
 * into each new data folder instead (tests/e2e/harness.ts, newDataDir). It is made by the same code a server runs
 * on its first start (openDb: initdb in a child process, then every migration), so a copy is that server's database
 * before its first request. The first start on a truly empty folder stays covered: tests/e2e/accounts.e2e.ts starts
 * its server on one, the reliability suite's servers start on empty folders, and src/db/client.test.ts opens one.
 */
export default async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pglite-template-'));
  const handle = await openDb({ url: path.join(dir, 'pglite') });
  await handle.close();
  process.env.E2E_PGLITE_TEMPLATE = path.join(dir, 'pglite');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
