import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, pgliteOptions } from '@/db/client';
import { runBackup } from '@/operations/backup';
import { backupPaths } from '@/operations/layout';
import type { Manifest } from '@/operations/manifest';
import { verifyDatabaseCopy } from '@/operations/snapshot';

const run = promisify(execFile);
const SEGMENT = /^pg_wal\/[0-9A-F]{24}$/;

let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'db-copy-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('the embedded database copy (online base backup)', () => {
  it('carries only the log from the backup’s start to its end, and opens with every committed row', async () => {
    const folder = path.join(tmp, 'wal', 'pglite');
    const h = await openDb({ url: folder });
    // About 60 MB of log: several segments, most of them behind the next checkpoint or recycled after it.
    await h.exec(`CREATE TABLE wal_probe (id int PRIMARY KEY, pad text)`);
    await h.exec(`INSERT INTO wal_probe SELECT g, repeat(md5(g::text), 16) FROM generate_series(1, 100000) g`);
    await h.exec(`UPDATE wal_probe SET pad = repeat(md5((id + 1)::text), 16)`);
    await h.exec(`INSERT INTO wal_probe VALUES (-1, 'before the copy')`);
    const file = path.join(tmp, 'wal', 'copy.tar');
    await h.dump(file);
    await h.exec(`INSERT INTO wal_probe VALUES (-2, 'after the copy')`);
    const applied = await h.appliedMigrations();
    await h.close();

    const inFolder = fs.readdirSync(path.join(folder, 'pg_wal')).filter((n) => SEGMENT.test(`pg_wal/${n}`));
    const listing = (await run('tar', ['-tf', file])).stdout.split('\n');
    const inCopy = listing.filter((l) => SEGMENT.test(l));
    expect(inFolder.length).toBeGreaterThanOrEqual(3);
    expect(inCopy.length).toBeGreaterThanOrEqual(1);
    expect(inCopy.length).toBeLessThan(inFolder.length);
    expect(listing).toContain('backup_label');
    expect(listing).toContain('pg_wal/archive_status/');

    const copy = await PGlite.create({ ...pgliteOptions(), loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      const rows = (await copy.query<{ n: number; marker: string | null; later: number }>(
        `SELECT count(*)::int AS n, max(pad) FILTER (WHERE id = -1) AS marker, count(*) FILTER (WHERE id = -2)::int AS later FROM wal_probe`,
      )).rows[0];
      expect(rows).toEqual({ n: 100001, marker: 'before the copy', later: 0 });
      expect((await copy.query<{ name: string }>('SELECT name FROM _migrations ORDER BY name')).rows.map((r) => r.name)).toEqual(applied);
    } finally {
      await copy.close();
    }
  }, 300_000);

  it('a backup counts only after its copy opened with the manifest’s migrations: a damaged copy or other migrations are refused', async () => {
    const dataDir = path.join(tmp, 'verify');
    const h = await openDb({ url: path.join(dataDir, 'pglite') });
    await h.close();
    const { manifest } = await runBackup({ dataDir, withVariants: false, out: path.join(tmp, 'verify.tar') });
    const work = backupPaths(dataDir).work;
    await expect(verifyDatabaseCopy(work, manifest)).resolves.toBeUndefined();

    const other: Manifest = { ...manifest, database: { ...manifest.database, migrations: manifest.database.migrations.slice(0, -1) } };
    await expect(verifyDatabaseCopy(work, other)).rejects.toThrow(/Kopie databáze má migrace do/);

    const copy = path.join(work, manifest.database.path);
    const bytes = fs.readFileSync(copy);
    fs.writeFileSync(copy, bytes.subarray(0, 1024 * 1024));
    await expect(verifyDatabaseCopy(work, manifest)).rejects.toThrow(/Kopii databáze nelze otevřít/);
  }, 300_000);
});
