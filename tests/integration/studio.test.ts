process.env.LOG_LEVEL ??= 'error';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { studioPhotos } from '@/db/schema';
import { createLocalStorage } from '@/platform/storage/local';
import { createS3Storage } from '@/platform/storage/s3';
import type { Storage } from '@/platform/storage/types';
import { createLocalProvider } from '@/content/providers/local/local-provider';
import { publishedWeddingDetails, renamedWeddingSlug } from '@/content/studio/public.server';
import { drainQueue, releaseOwnClaims } from '@/content/studio/queue.server';
import { createWedding, deletePhoto, deleteWedding, getWedding, updatePhoto, updateWedding, uploadPhoto, type StudioDeps } from '@/content/studio/service.server';
import { StudioError } from '@/content/studio/errors';
import { MAX_UPLOAD_BYTES } from '@/content/studio/pipeline';
import { originalKey, VARIANT_FORMATS, variantKey } from '@/content/studio/variants';
import { sampleWeddings } from '@/content/sample-data';
import { hasExifOrGps, makeTestJpeg } from '../fixtures/studio-images';

/**
 * The studio against the real thing: PGlite and (with TEST_DATABASE_URL) PostgreSQL, real sharp, and both storage
 * drivers — the local disk and S3 (the s3rver stand-in) — through the same service and queue code.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-test-'));
let s3: S3rver;
let s3Port = 0;

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'photos' }] });
  s3Port = (await s3.run()).port;
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function expectStudioError(p: Promise<unknown>, status: number, message: RegExp): Promise<StudioError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StudioError);
  const se = err as StudioError;
  expect(se.status).toBe(status);
  expect(se.message).toMatch(message);
  return se;
}

/** A JPEG whose header claims 30 000 × 30 000 pixels (a decompression bomb) without being that big. */
async function bombJpeg(): Promise<Buffer> {
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  const buf = Buffer.from(small);
  for (let i = 2; i < buf.length - 9; i++) {
    if (buf[i] === 0xff && (buf[i + 1] === 0xc0 || buf[i + 1] === 0xc2)) {
      buf.writeUInt16BE(30000, i + 5);
      buf.writeUInt16BE(30000, i + 7);
      return buf;
    }
  }
  throw new Error('no SOF marker');
}

const storages: [string, () => Storage][] = [
  ['local disk', () => createLocalStorage(fs.mkdtempSync(path.join(tmp, 'uploads-')))],
  ['S3 (s3rver)', () => createS3Storage({ endpoint: `http://127.0.0.1:${s3Port}`, bucket: 'photos', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' })],
];

describe.each([
  ['pglite' as const, true],
  ['postgres' as const, hasPostgres],
])('studio on %s', (kind, enabled) => {
  describe.each(storages)('with %s storage', (_name, makeStorage) => {
    let h: DbHandle;
    let storage: Storage;
    let invalidations = 0;
    let deps: StudioDeps;

    beforeAll(async () => {
      if (!enabled) return;
      h = await createTestDb(kind);
      storage = makeStorage();
      deps = { db: h.db, storage, invalidate: () => void invalidations++ };
    });
    afterAll(async () => {
      await h?.close();
    });
    const queue = () => drainQueue({ handle: h, storage, onChange: () => void invalidations++ });
    const provider = () => createLocalProvider({ ownWeddings: () => publishedWeddingDetails(h.db) });

    it.runIf(enabled)('uploads, processes once into clean variants, publishes and unpublishes', async () => {
      const { id, slug } = await createWedding(deps, { couple: 'Žaneta & Řehoř', date: '2026-06-13', location: 'Zámek Loučeň' });
      expect(slug).toBe('zaneta-rehor');
      // Turned camera (EXIF orientation 6) with the GPS position of the couple's home.
      const portrait = await makeTestJpeg({ width: 3000, height: 2000, orientation: 6, gps: true, seed: 1 });
      const landscape = await makeTestJpeg({ width: 2400, height: 1600, gps: true, seed: 2 });
      const a = await uploadPhoto(deps, id, { body: portrait, fileName: 'IMG_0001.jpg' });
      const b = await uploadPhoto(deps, id, { body: landscape, fileName: 'IMG_0002.jpg' });
      expect(a.status).toBe('processing');
      expect(await storage.exists(originalKey(a.id))).toBe(true);

      // Not public before processing, nor before publishing: the samples stay.
      expect((await provider().getWeddings()).map((w) => w.slug)).toEqual(sampleWeddings().map((w) => w.slug));
      expect(await queue()).toBe(2);
      const w = await getWedding(h.db, id);
      expect(w?.photos.map((p) => p.status)).toEqual(['ready', 'ready']);
      const first = w!.photos[0];
      expect([first.width, first.height]).toEqual([1920, 2880]); // rotated upright, largest variant
      expect(w!.photos[1].width).toBe(1920);

      for (const width of [384, 828, 1440, 1920]) {
        for (const format of VARIANT_FORMATS) {
          const stored = await storage.get(variantKey(a.id, width, format));
          expect(stored, `${width}.${format}`).not.toBeNull();
          const meta = await sharp(stored!.body).metadata();
          expect(meta.width).toBe(width);
          expect(meta.height).toBeGreaterThan(width); // portrait after auto-rotation
          expect(meta.orientation ?? 1).toBe(1);
          expect(meta.icc).toBeDefined(); // the colour profile is kept
          expect(await hasExifOrGps(stored!.body)).toBe(false);
        }
      }
      expect(await hasExifOrGps(portrait)).toBe(true);

      // Publishing needs alt texts.
      await expectStudioError(updateWedding(deps, id, { published: true }), 400, /popis \(alt\)/);
      await updatePhoto(deps, a.id, { alt: 'Novomanželé před zámkem', category: 'portrety' });
      await updatePhoto(deps, b.id, { alt: 'Obřad v zahradě', category: 'obrad' });
      await updateWedding(deps, id, { published: true, coverPhotoId: b.id, photoOrder: [b.id, a.id] });
      const before = invalidations;
      const shown = await provider().getWeddings();
      expect(shown.map((x) => x.slug)).toEqual(['zaneta-rehor']);
      const detail = await provider().getWedding('zaneta-rehor');
      expect(detail?.wedding_images.map((i) => i.id)).toEqual([b.id, a.id]);
      expect(detail?.coverImage?.id).toBe(b.id);
      expect(detail?.wedding_images[1]).toMatchObject({ alternativeText: 'Novomanželé před zámkem', category: { slug: 'portrety' }, width: 1920, height: 2880, sizeHint: 'medium' });
      expect(detail?.wedding_images[1].blurDataURL).toMatch(/^data:image\/webp;base64,/);
      expect(await provider().getWedding(sampleWeddings()[0].slug)).toBeNull();

      // A published wedding keeps its alt texts.
      await expectStudioError(updatePhoto(deps, a.id, { alt: '' }), 400, /popis/);

      // A changed slug keeps the old one reachable (the page answers 308).
      await updateWedding(deps, id, { slug: 'zaneta-a-rehor' });
      expect(await renamedWeddingSlug(h.db, 'zaneta-rehor')).toBe('zaneta-a-rehor');
      expect(invalidations).toBeGreaterThan(before);

      await updateWedding(deps, id, { published: false });
      expect((await provider().getWeddings()).map((x) => x.slug)).toEqual(sampleWeddings().map((x) => x.slug));

      // Deleting a photo removes its files after its row; deleting the wedding removes the rest.
      await deletePhoto(deps, a.id);
      expect(await storage.exists(variantKey(a.id, 1920, 'avif'))).toBe(false);
      expect(await storage.exists(originalKey(a.id))).toBe(false);
      await deleteWedding(deps, id);
      expect(await storage.exists(variantKey(b.id, 384, 'jpg'))).toBe(false);
      expect(await getWedding(h.db, id)).toBeNull();
    }, 180_000);

    it.runIf(enabled)("a draft's finished photos change nothing public; a published wedding's are announced once per batch", async () => {
      const { id } = await createWedding(deps, { couple: 'Tichá Fronta', date: '2026-04-04', location: 'Kutná Hora' });
      let changes = 0;
      // However long processing takes on a loaded box, the batch below stays within one coalescing interval.
      const run = () => drainQueue({ handle: h, storage, onChange: () => void changes++, changeEveryMs: 3_600_000 });
      const first = await uploadPhoto(deps, id, { body: await makeTestJpeg({ width: 900, height: 600, seed: 61 }), fileName: 'a.jpg' });
      const second = await uploadPhoto(deps, id, { body: await makeTestJpeg({ width: 900, height: 600, seed: 62 }), fileName: 'b.jpg' });
      expect(await run()).toBe(2);
      expect(changes).toBe(0); // a draft: the render cache keeps serving the public pages
      await updatePhoto(deps, first.id, { alt: 'Kostel' });
      await updatePhoto(deps, second.id, { alt: 'Ulice' });
      await updateWedding(deps, id, { published: true });
      for (let i = 0; i < 3; i++) await uploadPhoto(deps, id, { body: await makeTestJpeg({ width: 900, height: 600, seed: 63 + i }), fileName: `c${i}.jpg` });
      expect(await run()).toBe(3);
      // Three photos of a public wedding: the first is announced at once, the other two together when the queue runs dry.
      expect(changes).toBe(2);
      expect((await provider().getWedding('ticha-fronta'))?.wedding_images).toHaveLength(5);
      await deleteWedding(deps, id);
    }, 180_000);

    it.runIf(enabled)('refuses bad input with Czech messages and stores nothing', async () => {
      const { id } = await createWedding(deps, { couple: 'Test Chyb', date: '2026-07-01', location: 'Brno' });
      await expectStudioError(uploadPhoto(deps, id, { body: Buffer.from('%PDF-1.7 not an image'), fileName: 'smlouva.pdf' }), 415, /není obrázek/);
      const good = await makeTestJpeg({ width: 1200, height: 800, seed: 3 });
      await expectStudioError(uploadPhoto(deps, id, { body: good.subarray(0, Math.floor(good.length * 0.6)), fileName: 'useknuta.jpg' }), 422, /poškozený nebo neúplný/);
      await expectStudioError(uploadPhoto(deps, id, { body: await bombJpeg(), fileName: 'bomba.jpg' }), 422, /30000 × 30000 pixelů/);
      await expectStudioError(uploadPhoto(deps, id, { body: Buffer.alloc(MAX_UPLOAD_BYTES + 1), fileName: 'obri.jpg' }), 413, /200 MB/);
      const first = await uploadPhoto(deps, id, { body: good, fileName: 'ok.jpg' });
      const dup = await expectStudioError(uploadPhoto(deps, id, { body: good, fileName: 'ok-kopie.jpg' }), 409, /už svatba obsahuje/);
      expect(dup.details.duplicateOf).toBe(first.id);
      const w = await getWedding(h.db, id);
      expect(w?.photos).toHaveLength(1);
      await deleteWedding(deps, id);
    }, 180_000);

    it.runIf(enabled)('a storage failure is a retryable 503 and leaves no row pointing to a missing file', async () => {
      const { id } = await createWedding(deps, { couple: 'Plný Disk', date: '2026-08-01', location: 'Ostrava' });
      const full: Storage = {
        ...storage,
        put: async () => {
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        },
      };
      const body = await makeTestJpeg({ width: 800, height: 600, seed: 4 });
      const err = await expectStudioError(uploadPhoto({ ...deps, storage: full }, id, { body, fileName: 'a.jpg' }), 503, /zkuste nahrání za chvíli znovu/);
      expect(err.details.retryable).toBe(true);
      expect((await getWedding(h.db, id))?.photos).toHaveLength(0);
      // An unreachable S3 endpoint (the stand-in stopped): the SDK keeps retrying, the upload answers in time.
      const down = createS3Storage({ endpoint: 'http://127.0.0.1:9', bucket: 'photos', accessKeyId: 'x', secretAccessKey: 'x', region: 'us-east-1' });
      await expectStudioError(uploadPhoto({ ...deps, storage: down, storageTimeoutMs: 1500 }, id, { body, fileName: 'a.jpg' }), 503, /Úložiště/);
      expect((await getWedding(h.db, id))?.photos).toHaveLength(0);
      // The same file then goes through (retry).
      await uploadPhoto(deps, id, { body, fileName: 'a.jpg' });
      expect((await getWedding(h.db, id))?.photos).toHaveLength(1);
      await deleteWedding(deps, id);
    }, 180_000);

    it.runIf(enabled)('a crash mid-way leaves the photo unpublished and the next run finishes it', async () => {
      const { id } = await createWedding(deps, { couple: 'Pád Serveru', date: '2026-09-01', location: 'Plzeň' });
      const body = await makeTestJpeg({ width: 1600, height: 1200, seed: 5 });
      const up = await uploadPhoto(deps, id, { body, fileName: 'a.jpg' });
      await updatePhoto(deps, up.id, { alt: 'Fotka' });
      // A worker claimed it, wrote one variant and died.
      await h.db.update(studioPhotos).set({ claimedAt: sql`now()`, attempts: 1 }).where(eq(studioPhotos.id, up.id));
      await storage.put(variantKey(up.id, 384, 'jpg'), Buffer.from('half'), 'image/jpeg');
      // Another worker does not take a live claim…
      expect(await queue()).toBe(0);
      expect((await getWedding(h.db, id))?.photos[0].status).toBe('processing');
      expect(await publishedWeddingDetails(h.db)).toEqual([]);
      // …but after the restart (embedded database: the claim is known dead) or the lease (PostgreSQL) it does.
      if (kind === 'pglite') await releaseOwnClaims(h);
      else await h.db.update(studioPhotos).set({ claimedAt: sql`now() - interval '1 hour'` }).where(eq(studioPhotos.id, up.id));
      expect(await queue()).toBe(1);
      const w = await getWedding(h.db, id);
      expect(w?.photos[0].status).toBe('ready');
      const redone = await storage.get(variantKey(up.id, 384, 'jpg'));
      expect((await sharp(redone!.body).metadata()).width).toBe(384);
      await deleteWedding(deps, id);
    }, 180_000);
  });
});
