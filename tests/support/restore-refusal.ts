import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { RestoreRefused, runRestore } from '@/operations/restore';

/**
 * `source` is refused with `message` before anything is written: the target folder never appears and no
 * `.restore-*` scratch folder is left in `tmp` (where the targets are made).
 */
export async function expectRestoreRefusedUntouched(source: string, tmp: string, message: RegExp): Promise<void> {
  const target = path.join(tmp, `never-${path.basename(source)}`);
  const err = await runRestore({ source, dataDir: target, force: false }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(RestoreRefused);
  expect((err as Error).message).toMatch(message);
  expect(fs.existsSync(target)).toBe(false);
  expect(fs.readdirSync(tmp).filter((f) => f.includes('.restore-'))).toEqual([]);
}
