process.env.LOG_LEVEL ??= 'error';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { photos as photosTable } from '@/db/schema';
import { createLocalStorage } from '@/platform/storage/local';
import { createS3Storage } from '@/platform/storage/s3';
import type { Storage } from '@/platform/storage/types';
import { createLocalProvider } from '@/content/providers/local/local-provider';
import { publishedWeddingDetails, renamedWeddingSlug } from '@/content/studio/public.server';
import { coalescedInvalidation } from '@/content/studio/runtime.server';
import { createWedding, deletePhoto, deleteWedding, getWedding, photoVisibility, updatePhoto, updateWedding, uploadPhoto, type StudioDeps } from '@/content/studio/service.server';
import { StudioError } from '@/content/studio/errors';
import { VARIANT_FORMATS } from '@/content/studio/variants';
import { MAX_UPLOAD_BYTES } from '@/photos/public';
import { originalKey, publicVariantKey as variantKey } from '@/photos/keys';
import { drainPhotoQueue } from '@/photos/queue.server';
import { createPhotoWorker, type PhotoWorker } from '@/photos/worker-pool.server';
import { uploadInput } from '@tests/support/studio-upload';
import { sampleWeddings } from '@/content/sample-data';
import { hasExifOrGps, makeTestJpeg } from '../fixtures/studio-images';

/**
 * The studio against the real thing: PGlite and (with TEST_DATABASE_URL) PostgreSQL, the photo module's queue with
 * its real worker process, and both storage drivers — the local disk and S3 (the s3rver stand-in).
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-test-'));
let s3: S3rver;
let s3Port = 0;
let worker: PhotoWorker;

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'photos' }] });
  s3Port = (await s3.run()).port;
  worker = createPhotoWorker();
});
afterAll(async () => {
  await worker.close();
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
    const queue = () => drainPhotoQueue({ handle: h, storage, worker, tmpDir: path.join(tmp, 'work') });
    const up = (bytes: Buffer, fileName: string) => uploadInput(path.join(tmp, 'in'), bytes, fileName);
    const provider = () => createLocalProvider({ ownWeddings: () => publishedWeddingDetails(h.db) });

    it.runIf(enabled)('uploads, processes once into clean variants, publishes and unpublishes', async () => {
      const { id, slug } = await createWedding(deps, { couple: 'Žaneta & Řehoř', date: '2026-06-13', location: 'Zámek Loučeň' });
      expect(slug).toBe('zaneta-rehor');
      // Turned camera (EXIF orientation 6) with the GPS position of the couple's home.
      const portrait = await makeTestJpeg({ width: 3000, height: 2000, orientation: 6, gps: true, seed: 1 });
      const landscape = await makeTestJpeg({ width: 2400, height: 1600, gps: true, seed: 2 });
      const a = await uploadPhoto(deps, id, up(portrait, 'IMG_0001.jpg'));
      const b = await uploadPhoto(deps, id, up(landscape, 'IMG_0002.jpg'));
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

    it.runIf(enabled)('deleting the last photos of a published wedding, even both at once, returns it to draft', async () => {
      const { id } = await createWedding(deps, { couple: 'Lada & Ivo', date: '2026-07-04', location: 'Telč' });
      const a = await uploadPhoto(deps, id, up(await makeTestJpeg({ width: 1200, height: 800, seed: 7 }), 'IMG_0007.jpg'));
      const b = await uploadPhoto(deps, id, up(await makeTestJpeg({ width: 1200, height: 800, seed: 8 }), 'IMG_0008.jpg'));
      expect(await queue()).toBe(2);
      await updatePhoto(deps, a.id, { alt: 'Novomanželé na náměstí' });
      await updatePhoto(deps, b.id, { alt: 'Podpis oddacího listu' });
      await updateWedding(deps, id, { published: true });
      expect((await getWedding(h.db, id))?.published).toBe(true);
      // Two deletes at the same time: each must not count the other's photo as still there.
      await Promise.all([deletePhoto(deps, a.id), deletePhoto(deps, b.id)]);
      const after = await getWedding(h.db, id);
      expect(after?.photos).toEqual([]);
      expect(after?.published).toBe(false);
      expect((await provider().getWeddings()).map((x) => x.slug)).toEqual(sampleWeddings().map((x) => x.slug));
      await deleteWedding(deps, id);
    }, 120_000);

    it.runIf(enabled)('deleting the last photo and returning the wedding to draft is one change: if the second fails, the photo stays', async () => {
      const { id } = await createWedding(deps, { couple: 'Olga & Petr', date: '2026-08-01', location: 'Kroměříž' });
      const a = await uploadPhoto(deps, id, up(await makeTestJpeg({ width: 1200, height: 800, seed: 9 }), 'IMG_0009.jpg'));
      expect(await queue()).toBe(1);
      await updatePhoto(deps, a.id, { alt: 'Novomanželé v Květné zahradě' });
      await updateWedding(deps, id, { published: true });
      // The database refuses to take this wedding back to draft (a stand-in for a failure between the two steps).
      await h.db.execute(sql.raw(`CREATE FUNCTION refuse_draft() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF OLD.published AND NOT NEW.published THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`));
      await h.db.execute(sql.raw(`CREATE TRIGGER refuse_draft BEFORE UPDATE ON studio_weddings FOR EACH ROW WHEN (NEW.id = '${id}') EXECUTE FUNCTION refuse_draft()`));
      try {
        await expect(deletePhoto(deps, a.id)).rejects.toThrow();
        const w = await getWedding(h.db, id);
        expect(w?.published).toBe(true);
        expect(w?.photos.map((p) => p.id)).toEqual([a.id]);
      } finally {
        await h.db.execute(sql.raw('DROP TRIGGER refuse_draft ON studio_weddings'));
        await h.db.execute(sql.raw('DROP FUNCTION refuse_draft()'));
      }
      await deletePhoto(deps, a.id);
      expect((await getWedding(h.db, id))?.published).toBe(false);
      await deleteWedding(deps, id);
    }, 120_000);

    it.runIf(enabled)("a draft's finished photos are not public; a published wedding's are, and their announcements are coalesced", async () => {
      const { id } = await createWedding(deps, { couple: 'Tichá Fronta', date: '2026-04-04', location: 'Kutná Hora' });
      const first = await uploadPhoto(deps, id, up(await makeTestJpeg({ width: 900, height: 600, seed: 61 }), 'a.jpg'));
      const second = await uploadPhoto(deps, id, up(await makeTestJpeg({ width: 900, height: 600, seed: 62 }), 'b.jpg'));
      expect(await photoVisibility(h.db, first.id)).toBeNull(); // not processed yet
      expect(await queue()).toBe(2);
      // A draft: its finished photos change nothing public (the render cache keeps serving the public pages).
      expect(await photoVisibility(h.db, first.id)).toBe('preview');
      await updatePhoto(deps, first.id, { alt: 'Kostel' });
      await updatePhoto(deps, second.id, { alt: 'Ulice' });
      await updateWedding(deps, id, { published: true });
      expect(await photoVisibility(h.db, second.id)).toBe('public');
      for (let i = 0; i < 3; i++) await uploadPhoto(deps, id, up(await makeTestJpeg({ width: 900, height: 600, seed: 63 + i }), `c${i}.jpg`));
      expect(await queue()).toBe(3);
      expect((await provider().getWedding('ticha-fronta'))?.wedding_images).toHaveLength(5);
      await deleteWedding(deps, id);
    }, 180_000);

    it.runIf(enabled)('refuses bad input with Czech messages and stores nothing', async () => {
      const { id } = await createWedding(deps, { couple: 'Test Chyb', date: '2026-07-01', location: 'Brno' });
      await expectStudioError(uploadPhoto(deps, id, up(Buffer.from('%PDF-1.7 not an image'), 'smlouva.pdf')), 415, /není obrázek/);
      const good = await makeTestJpeg({ width: 1200, height: 800, seed: 3 });
      await expectStudioError(uploadPhoto(deps, id, up(await bombJpeg(), 'bomba.jpg')), 422, /30000 × 30000 pixelů/);
      await expectStudioError(uploadPhoto(deps, id, { ...up(Buffer.from('x'), 'obri.jpg'), size: MAX_UPLOAD_BYTES + 1 }), 413, /200 MB/);
      await expectStudioError(uploadPhoto(deps, id, up(Buffer.alloc(0), 'prazdny.jpg')), 400, /prázdný/);
      const first = await uploadPhoto(deps, id, up(good, 'ok.jpg'));
      const dup = await expectStudioError(uploadPhoto(deps, id, up(good, 'ok-kopie.jpg')), 409, /už svatba obsahuje/);
      expect(dup.details.duplicateOf).toBe(first.id);
      let w = await getWedding(h.db, id);
      expect(w?.photos).toHaveLength(1);
      // A truncated file passes the header check (nothing is decoded in the web server) and fails in the worker
      // with its reason shown to the photographer; it never becomes public.
      const cut = await uploadPhoto(deps, id, up(good.subarray(0, Math.floor(good.length * 0.6)), 'useknuta.jpg'));
      await queue();
      w = await getWedding(h.db, id);
      expect(w?.photos.find((p) => p.id === cut.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/poškozený nebo neúplný/) });
      await deleteWedding(deps, id);
    }, 180_000);

    it('coalesces "content changed": at once, then at most every interval, with a last one after the burst', () => {
      let now = 0;
      let calls = 0;
      vi.useFakeTimers();
      try {
        const announce = coalescedInvalidation(() => void calls++, 10_000, () => now);
        announce();
        expect(calls).toBe(1);
        now = 2_000;
        announce();
        announce();
        expect(calls).toBe(1);
        now = 10_000;
        vi.advanceTimersByTime(8_000);
        expect(calls).toBe(2);
        now = 25_000;
        announce();
        expect(calls).toBe(3);
      } finally {
        vi.useRealTimers();
      }
    });

    it.runIf(enabled)('a storage failure is a retryable 503 and leaves no row pointing to a missing file', async () => {
      const { id } = await createWedding(deps, { couple: 'Plný Disk', date: '2026-08-01', location: 'Ostrava' });
      const full: Storage = {
        ...storage,
        putFile: async () => {
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        },
      };
      const body = await makeTestJpeg({ width: 800, height: 600, seed: 4 });
      const err = await expectStudioError(uploadPhoto({ ...deps, storage: full }, id, up(body, 'a.jpg')), 503, /zkuste nahrání za chvíli znovu/);
      expect(err.details.retryable).toBe(true);
      expect((await getWedding(h.db, id))?.photos).toHaveLength(0);
      // An unreachable S3 endpoint (the stand-in stopped): the SDK keeps retrying, the upload answers in time.
      const down = createS3Storage({ endpoint: 'http://127.0.0.1:9', bucket: 'photos', accessKeyId: 'x', secretAccessKey: 'x', region: 'us-east-1' });
      await expectStudioError(uploadPhoto({ ...deps, storage: down, storageTimeoutMs: 1500 }, id, up(body, 'a.jpg')), 503, /Úložiště/);
      expect((await getWedding(h.db, id))?.photos).toHaveLength(0);
      // The same file then goes through (retry).
      await uploadPhoto(deps, id, up(body, 'a.jpg'));
      expect((await getWedding(h.db, id))?.photos).toHaveLength(1);
      await deleteWedding(deps, id);
    }, 180_000);

    it.runIf(enabled)('a crash mid-way leaves the photo unpublished and the next run finishes it', async () => {
      const { id } = await createWedding(deps, { couple: 'Pád Serveru', date: '2026-09-01', location: 'Plzeň' });
      const body = await makeTestJpeg({ width: 1600, height: 1200, seed: 5 });
      const added = await uploadPhoto(deps, id, up(body, 'a.jpg'));
      await updatePhoto(deps, added.id, { alt: 'Fotka' });
      // A worker claimed it, wrote one variant and died.
      await h.db.update(photosTable).set({ claimedAt: sql`now()`, attempts: 1 }).where(eq(photosTable.id, added.id));
      await storage.put(variantKey(added.id, 384, 'jpg'), Buffer.from('half'), 'image/jpeg');
      // Another worker does not take a live claim…
      expect(await queue()).toBe(0);
      expect((await getWedding(h.db, id))?.photos[0].status).toBe('processing');
      expect(await publishedWeddingDetails(h.db)).toEqual([]);
      // …but after the restart (embedded database: the claim is known dead) or the lease (PostgreSQL) it does.
      if (kind === 'pglite') await h.db.update(photosTable).set({ claimedAt: null }).where(eq(photosTable.id, added.id));
      else await h.db.update(photosTable).set({ claimedAt: sql`now() - interval '1 hour'` }).where(eq(photosTable.id, added.id));
      expect(await queue()).toBe(1);
      const w = await getWedding(h.db, id);
      expect(w?.photos[0].status).toBe('ready');
      const redone = await storage.get(variantKey(added.id, 384, 'jpg'));
      expect((await sharp(redone!.body).metadata()).width).toBe(384);
      await deleteWedding(deps, id);
    }, 180_000);
  });
});
