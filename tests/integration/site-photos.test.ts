process.env.LOG_LEVEL ??= 'error';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { createLocalStorage } from '@/platform/storage/local';
import type { Storage } from '@/platform/storage/types';
import { photoVisibility, pruneSitePhotos, sitePhoto, uploadSitePhoto, type StudioDeps } from '@/content/studio/service.server';
import { originalKey, publicVariantKey as variantKey } from '@/photos/keys';
import { drainPhotoQueue } from '@/photos/queue.server';
import { createPhotoWorker } from '@/photos/worker-pool.server';
import { uploadInput } from '@tests/support/studio-upload';
import { patchSettings, sitePhotoIds } from '@/site/public.server';
import { loadSiteSettings } from '@/site/settings.server';
import { setOverrides } from '@/site/overrides';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * The site's own photos (hero, portrait) through the photo module's queue and worker process on a real database and disk: processed like a
 * wedding's, admin-only until her settings name them, public while named, the same file is the same photo, and the
 * ones she replaced are removed with their files.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-photos-test-'));
const worker = createPhotoWorker();
afterAll(async () => {
  await worker.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
const up = (bytes: Buffer, fileName: string) => uploadInput(path.join(tmp, 'in'), bytes, fileName);

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
])('site photos on %s', (kind, enabled) => {
  let h: DbHandle;
  let storage: Storage;
  let deps: StudioDeps;
  beforeAll(async () => {
    if (!enabled) return;
    h = await createTestDb(kind);
    storage = createLocalStorage(path.join(tmp, kind));
    deps = { db: h.db, storage, invalidate: () => undefined };
    await h.db.execute(sql`DELETE FROM site_settings`);
    await loadSiteSettings(h.db);
  });
  afterAll(async () => {
    setOverrides({});
    await h?.close();
  });

  it.runIf(enabled)('a site photo is processed, public only while named, and removed once replaced', async () => {
    const first = await uploadSitePhoto(deps, up(await makeTestJpeg({ width: 2400, height: 1600, seed: 71 }), 'hero.jpg'));
    expect(first).toMatchObject({ status: 'processing', width: 2400, height: 1600 });
    expect(await drainPhotoQueue({ handle: h, storage, worker, tmpDir: path.join(tmp, 'work') })).toBe(1);
    expect((await sitePhoto(h.db, first.id))?.status).toBe('ready');
    expect(await storage.exists(variantKey(first.id, 1920, 'avif'))).toBe(true);
    // Ready but not named: the admin's preview only.
    expect(await photoVisibility(h.db, first.id)).toBe('preview');
    await patchSettings(h.db, { home: { hero: { image: { photo: first.id, width: 2400, height: 1600 } } } }, null);
    expect(sitePhotoIds()).toEqual([first.id]);
    expect(await photoVisibility(h.db, first.id)).toBe('public');
    // The same file again is the same photo, not a second one.
    const again = await uploadSitePhoto(deps, up(await makeTestJpeg({ width: 2400, height: 1600, seed: 71 }), 'znovu.jpg'));
    expect(again.id).toBe(first.id);

    // She replaces it: the new one is named, the old one goes back to admin-only and is removed with its files.
    const second = await uploadSitePhoto(deps, up(await makeTestJpeg({ width: 2000, height: 1400, seed: 72 }), 'hero2.jpg'));
    await drainPhotoQueue({ handle: h, storage, worker, tmpDir: path.join(tmp, 'work') });
    await patchSettings(h.db, { home: { hero: { image: { photo: second.id, width: 2000, height: 1400 } } } }, null);
    expect(await photoVisibility(h.db, first.id)).toBe('preview');
    // Within the grace period an unnamed photo stays (it may be one being processed or about to be saved).
    expect(await pruneSitePhotos(deps, sitePhotoIds())).toBe(0);
    expect(await pruneSitePhotos(deps, sitePhotoIds(), new Date(Date.now() + 2 * 3_600_000))).toBe(1);
    expect(await sitePhoto(h.db, first.id)).toBeNull();
    expect(await storage.exists(originalKey(first.id))).toBe(false);
    expect(await storage.exists(variantKey(first.id, 1920, 'avif'))).toBe(false);
    expect((await sitePhoto(h.db, second.id))?.status).toBe('ready');
    expect(await photoVisibility(h.db, second.id)).toBe('public');
  }, 120_000);
});
