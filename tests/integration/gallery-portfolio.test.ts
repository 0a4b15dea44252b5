process.env.LOG_LEVEL ??= 'error';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { createLocalStorage } from '@/platform/storage/local';
import { createS3Storage } from '@/platform/storage/s3';
import type { Storage } from '@/platform/storage/types';
import { addGalleryPhotoFromFile, createGallery, galleryById, galleryPhoto, updateGallery, type GalleryDeps } from '@/galleries/public.server';
import { deleteGallery } from '@/galleries/admin.server';
import { answerConsent, deliveryOverview } from '@/galleries/admin-delivery.server';
import { GalleryError } from '@/galleries/errors';
import { pickIntoPortfolio } from '@/galleries/portfolio.server';
import { enterCode } from '@/galleries/visitor.server';
import { addWeddingPhotosFromPhotos, StudioError } from '@/content/public.server';
import { publishedWeddingDetails } from '@/content/studio/public.server';
import { createWedding, getWedding, updateWedding, type StudioDeps } from '@/content/studio/service.server';
import { originalKey as photoOriginalKey } from '@/photos/keys';
import { drainPhotoQueue, type PhotoQueueDeps } from '@/photos/queue.server';
import { createPhotoWorker, type PhotoWorker } from '@/photos/worker-pool.server';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * From delivery to portfolio against both databases and both storage drivers, with the real photo worker and the
 * studio's queue: delivered photos become photos of a public wedding without a second upload (the original is
 * linked on the local disk, copied server-side on S3), the couple's consent is asked for, what cannot be added is
 * refused in Czech, and the wedding keeps its photos when the gallery is deleted.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-portfolio-'));
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

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  return (await storage.get(key))?.body ?? null;
}

async function rejects(p: Promise<unknown>, status: number, message: RegExp): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err instanceof GalleryError || err instanceof StudioError).toBe(true);
  expect((err as GalleryError).status).toBe(status);
  expect((err as GalleryError).message).toMatch(message);
}

const matrix: [string, 'pglite' | 'postgres', boolean, () => { storage: Storage; root: string | null }][] = [
  [
    'PGlite + local disk',
    'pglite',
    true,
    () => {
      const root = fs.mkdtempSync(path.join(tmp, 'local-'));
      return { storage: createLocalStorage(root), root };
    },
  ],
  [
    'PostgreSQL + S3 (s3rver)',
    'postgres',
    hasPostgres,
    () => ({ storage: createS3Storage({ endpoint: `http://127.0.0.1:${s3Port}`, bucket: 'photos', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' }), root: null }),
  ],
];

describe.each(matrix)('gallery photos into the portfolio on %s', (_label, kind, enabled, makeStorage) => {
  let h: DbHandle;
  let deps: GalleryDeps;
  let studio: StudioDeps;
  let queue: PhotoQueueDeps;
  let root: string | null;
  let invalidations = 0;
  beforeAll(async () => {
    if (!enabled) return;
    h = await createTestDb(kind);
    const made = makeStorage();
    root = made.root;
    deps = { db: h.db, storage: made.storage };
    studio = { db: h.db, storage: made.storage, invalidate: () => void invalidations++ };
    queue = { handle: h, storage: made.storage, worker, tmpDir: path.join(tmp, `work-${kind}`) };
  }, 180_000);
  afterAll(async () => {
    if (enabled) await h?.close();
  });

  const addToWedding = (weddingId: string, picks: { photoId: string; fileName: string }[], alt: string) => addWeddingPhotosFromPhotos(studio, weddingId, picks, alt);

  async function upload(galleryId: string, name: string, seed: number): Promise<string> {
    const file = path.join(tmp, `${kind}-${name}`);
    fs.writeFileSync(file, await makeTestJpeg({ width: 1600, height: 1067, seed, gps: true }));
    return (await addGalleryPhotoFromFile(deps, galleryId, { filePath: file, fileName: name })).id;
  }

  it.runIf(enabled)('adds delivered photos to a wedding by reference, asks for consent, and the wedding shows them once processed', async () => {
    const { id: galleryId } = await createGallery(deps, { title: 'Klára & Vojta' });
    const a = await upload(galleryId, 'DSC_2001.jpg', 301);
    const b = await upload(galleryId, 'DSC_2002.jpg', 302);
    expect(await drainPhotoQueue(queue)).toBe(2);
    const stillProcessing = await upload(galleryId, 'DSC_2003.jpg', 303);
    const other = await createGallery(deps, { title: 'Jiná galerie' });
    const foreign = await upload(other.id, 'DSC_9999.jpg', 399);
    const wedding = await createWedding(studio, { couple: 'Klára & Vojta', date: '2026-08-22', location: 'Mlýn Kopaniny' });

    // No consent in the gallery: refused until she confirms she has it another way.
    await rejects(pickIntoPortfolio(deps, galleryId, { weddingId: wedding.id, photoIds: [a, b] }, addToWedding), 409, /zatím nedal souhlas se zveřejněním/);
    // Only this gallery's photos, only processed ones, only an existing wedding.
    await rejects(pickIntoPortfolio(deps, galleryId, { weddingId: wedding.id, photoIds: [a, foreign], withoutConsent: true }, addToWedding), 400, /do této galerie nepatří/);
    await rejects(pickIntoPortfolio(deps, galleryId, { weddingId: wedding.id, photoIds: [stillProcessing], withoutConsent: true }, addToWedding), 400, /DSC_2003\.jpg zatím zpracované nejsou/);
    await rejects(pickIntoPortfolio(deps, galleryId, { weddingId: '00000000-0000-4000-8000-000000000000', photoIds: [a], withoutConsent: true }, addToWedding), 404, /Svatba nenalezena/);
    await rejects(pickIntoPortfolio(deps, '00000000-0000-4000-8000-000000000000', { weddingId: wedding.id, photoIds: [a], withoutConsent: true }, addToWedding), 404, /Galerie nenalezena/);

    const picked = await pickIntoPortfolio(deps, galleryId, { weddingId: wedding.id, photoIds: [a, b], withoutConsent: true }, addToWedding);
    expect(picked.added.map((x) => x.from).sort()).toEqual([a, b].sort());
    expect(picked).toMatchObject({ duplicates: [], unavailable: [], consent: { given: null } });

    // The studio's photo is a photo of its own with the same original, and no byte was uploaded again: on the local
    // disk it is the very same file (a hard link), on S3 a server-side copy.
    for (const { from, id } of picked.added) {
      const mine = await readAll(deps.storage, photoOriginalKey(id));
      const delivered = await readAll(deps.storage, photoOriginalKey(from));
      expect(mine && delivered && mine.equals(delivered)).toBe(true);
      if (root) {
        const st = (key: string) => fs.statSync(path.join(root!, ...key.split('/')));
        expect(st(photoOriginalKey(id)).ino).toBe(st(photoOriginalKey(from)).ino);
      }
    }
    const activity = (await deliveryOverview(h.db, (await galleryById(deps, galleryId))!)).activity;
    expect(activity.find((x) => x.kind === 'portfolio')?.detail).toMatch(/přidala na web 2 fotografie \(bez souhlasu v galerii\)/);

    // Processed by the photo queue's worker into the public variants (with what else waits in the one queue), then
    // public with the wedding.
    await drainPhotoQueue(queue);
    const editor = await getWedding(h.db, wedding.id);
    expect(editor?.photos.map((p) => [p.fileName, p.status, p.alt])).toEqual([
      ['DSC_2001.jpg', 'ready', 'Svatební fotografie – Klára & Vojta'],
      ['DSC_2002.jpg', 'ready', 'Svatební fotografie – Klára & Vojta'],
    ]);
    await updateWedding(studio, wedding.id, { published: true });
    const shown = (await publishedWeddingDetails(h.db)).find((w) => w.id === wedding.id);
    expect(shown?.wedding_images.map((i) => i.id).sort()).toEqual(picked.added.map((x) => x.id).sort());

    // Picking the same photos again adds nothing.
    const again = await pickIntoPortfolio(deps, galleryId, { weddingId: wedding.id, photoIds: [a], withoutConsent: true }, addToWedding);
    expect(again).toMatchObject({ added: [], duplicates: [{ from: a }] });

    // Deleting the gallery leaves the wedding's photos whole (the studio keeps its own original).
    await deleteGallery(deps, galleryId);
    expect(await deps.storage.exists(photoOriginalKey(a))).toBe(false);
    for (const { id } of picked.added) expect(await deps.storage.exists(photoOriginalKey(id))).toBe(true);
  }, 180_000);

  it.runIf(enabled)('with the couple’s consent recorded in the gallery, no confirmation is asked and a custom alt is kept', async () => {
    const { id: galleryId } = await createGallery(deps, { title: 'Souhlas dán' });
    await updateGallery(deps, galleryId, { published: true });
    const photo = await upload(galleryId, 'IMG_0101.jpg', 311);
    // The queue also works off what the previous case left processing (another gallery's photo).
    await drainPhotoQueue(queue);
    expect((await galleryPhoto(deps, galleryId, photo))?.status).toBe('ready');
    const gallery = (await galleryById(deps, galleryId))!;
    const now = new Date();
    const couple = (await enterCode(h.db, gallery, gallery.code, '198.51.100.90', now)).visitor;
    await answerConsent(h.db, gallery, couple, true, now);
    const wedding = await createWedding(studio, { couple: 'Souhlas & Dán', date: '2026-09-05', location: 'Praha' });
    const picked = await pickIntoPortfolio(deps, galleryId, { weddingId: wedding.id, photoIds: [photo], alt: 'Novomanželé na schodech' }, addToWedding);
    expect(picked).toMatchObject({ added: [{ from: photo }], consent: { given: true } });
    expect((await getWedding(h.db, wedding.id))?.photos.map((p) => p.alt)).toEqual(['Novomanželé na schodech']);
    const activity = (await deliveryOverview(h.db, gallery)).activity;
    expect(activity.find((x) => x.kind === 'portfolio')?.detail).toBe('fotografka přidala na web 1 fotografii');
  }, 180_000);
});
