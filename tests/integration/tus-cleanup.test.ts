process.env.LOG_LEVEL ??= 'error';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/platform/env';
import { deleteExpiredUploads, tusDirectory } from '@/photos/tus.server';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tus-cleanup-'));
const previous = process.env.DATA_DIR;
afterAll(() => {
  if (previous === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previous;
  resetEnvForTests();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the cleanup of abandoned uploads', () => {
  it('on a data folder nothing was ever uploaded to removes nothing and does not fail', async () => {
    process.env.DATA_DIR = tmp;
    resetEnvForTests();
    expect(fs.existsSync(tusDirectory())).toBe(false);
    await expect(deleteExpiredUploads()).resolves.toBe(0);
    fs.mkdirSync(tusDirectory(), { recursive: true });
    await expect(deleteExpiredUploads()).resolves.toBe(0);
  });
});
