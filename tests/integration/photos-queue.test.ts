process.env.LOG_LEVEL ??= 'error';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import exifr from 'exifr';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { createLocalStorage } from '@/platform/storage/local';
import { createS3Storage } from '@/platform/storage/s3';
import type { Storage } from '@/platform/storage/types';
import { addGalleryPhotoFromFile, createGallery, galleryPhoto, openGalleryPhoto, type GalleryDeps } from '@/galleries/public.server';
import { retryGalleryPhotos } from '@/galleries/admin.server';
import { drainPhotoQueue, type PhotoQueueDeps } from '@/photos/queue.server';
import { createPhotoWorker, type PhotoWorker } from '@/photos/worker-pool.server';
import { makeTestJpeg } from '../fixtures/studio-images';

/**
 * The photo queue with the real worker process, against both storage drivers and both databases: what a couple
 * downloads has no GPS but keeps camera and copyright; a JPEG's full-resolution download keeps its pixels byte for
 * byte; a corrupt file fails with a Czech reason and can be retried; a killed worker is started again.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-queue-'));
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

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

/** The entropy-coded data from the first SOS marker on: equal means the pixels were not re-encoded. */
function scanData(jpeg: Buffer): Buffer {
  for (let i = 2; i < jpeg.length - 1; i++) if (jpeg[i] === 0xff && jpeg[i + 1] === 0xda) return jpeg.subarray(i);
  throw new Error('no SOS');
}

const matrix: [string, 'pglite' | 'postgres', boolean, () => Storage][] = [
  ['PGlite + local disk', 'pglite', true, () => createLocalStorage(fs.mkdtempSync(path.join(tmp, 'local-')))],
  ['PostgreSQL + S3 (s3rver)', 'postgres', hasPostgres, () => createS3Storage({ endpoint: `http://127.0.0.1:${s3Port}`, bucket: 'photos', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' })],
];

describe.each(matrix)('photo queue on %s', (_label, kind, enabled, makeStorage) => {
  let h: DbHandle;
  let deps: GalleryDeps;
  let queue: PhotoQueueDeps;
  beforeAll(async () => {
    if (!enabled) return;
    h = await createTestDb(kind);
    deps = { db: h.db, storage: makeStorage() };
    queue = { handle: h, storage: deps.storage, worker, tmpDir: path.join(tmp, `work-${kind}`) };
  }, 180_000);
  afterAll(async () => {
    if (enabled) await h?.close();
  });

  it.runIf(enabled)('makes web and full-resolution downloads without GPS, keeping camera, copyright and (for JPEG) the pixels', async () => {
    const { id: galleryId } = await createGallery(deps, { title: 'GPS pryč' });
    const originalBytes = await makeTestJpeg({ width: 3000, height: 2000, orientation: 6, gps: true, seed: 7 });
    expect((await exifr.gps(originalBytes))?.latitude).toBeGreaterThan(50);
    const file = path.join(tmp, `gps-${kind}.jpg`);
    fs.writeFileSync(file, originalBytes);
    const { id } = await addGalleryPhotoFromFile(deps, galleryId, { filePath: file, fileName: 'DSC_0001.JPG' });
    expect(await drainPhotoQueue(queue)).toBe(1);

    const photo = await galleryPhoto(deps, galleryId, id);
    // Orientation 6: stored landscape, shown portrait.
    expect(photo).toMatchObject({ status: 'ready', width: 2000, height: 3000 });
    expect(photo?.blurDataUrl).toMatch(/^data:image\/webp;base64,/);

    const original = await openGalleryPhoto(deps, galleryId, id, 'original');
    expect(original).not.toBeNull();
    const download = await readAll(original!.stream);
    expect(download.length).toBe(original!.size);
    expect(photo?.downloadBytes).toBe(download.length);
    // The worker keeps each download file's CRC-32, so a gallery ZIP can lay out its archive before reading it.
    expect(photo?.downloadCrc32).toBe(zlib.crc32(download));
    expect(await exifr.gps(download)).toBeUndefined();
    const before = (await exifr.parse(originalBytes)) as Record<string, unknown>;
    expect(before.Copyright).toMatch(/^Anna Nov/);
    const tags = (await exifr.parse(download)) as Record<string, unknown>;
    // Everything but the position stays, the orientation too (these pixels are not rotated).
    expect(tags).toMatchObject({ Make: 'TestCam', Model: 'Studio E2E', Copyright: before.Copyright, Orientation: before.Orientation });
    expect(tags?.latitude).toBeUndefined();
    expect(scanData(download).equals(scanData(originalBytes))).toBe(true);

    const webOpened = await openGalleryPhoto(deps, galleryId, id, 'web');
    const web = await readAll(webOpened!.stream);
    expect(web.length).toBe(photo?.webBytes);
    expect(photo?.webCrc32).toBe(zlib.crc32(web));
    const webMeta = await sharp(web).metadata();
    expect(Math.max(webMeta.width ?? 0, webMeta.height ?? 0)).toBe(2048);
    expect(webMeta.height).toBeGreaterThan(webMeta.width ?? 0);
    expect(await exifr.gps(web)).toBeUndefined();
    expect(await exifr.parse(web)).toMatchObject({ Make: 'TestCam', Copyright: before.Copyright });
    expect((await exifr.parse(web, ['Orientation']))?.Orientation ?? 1).toSatisfy((o: unknown) => o === 1 || o === 'Horizontal (normal)');

    const small = await openGalleryPhoto(deps, galleryId, id, 'small');
    const smallMeta = await sharp(await readAll(small!.stream)).metadata();
    expect(smallMeta).toMatchObject({ format: 'webp', height: 480 });
    expect(smallMeta.exif).toBeUndefined();

    // A Range read gives exactly those bytes, with the whole size beside them.
    const part = await openGalleryPhoto(deps, galleryId, id, 'original', { start: 10, end: 109 });
    const partBytes = await readAll(part!.stream);
    expect(part!.size).toBe(download.length);
    expect(partBytes.equals(download.subarray(10, 110))).toBe(true);
  }, 120_000);

  it.runIf(enabled)('a corrupt upload fails with a Czech reason, and retry queues it again', async () => {
    const { id: galleryId } = await createGallery(deps, { title: 'Poškozený soubor' });
    const good = await makeTestJpeg({ width: 1600, height: 1200, seed: 9 });
    const file = path.join(tmp, `cut-${kind}.jpg`);
    fs.writeFileSync(file, good.subarray(0, Math.floor(good.length * 0.6)));
    const { id } = await addGalleryPhotoFromFile(deps, galleryId, { filePath: file, fileName: 'IMG_2.jpg' });
    await drainPhotoQueue(queue);
    const failed = await galleryPhoto(deps, galleryId, id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed?.error).toMatch(/poškozený nebo neúplný/);
    expect(await openGalleryPhoto(deps, galleryId, id, 'web')).toBeNull();
    expect(await retryGalleryPhotos(deps, galleryId)).toBe(1);
    expect((await galleryPhoto(deps, galleryId, id))?.status).toBe('processing');
    await drainPhotoQueue(queue);
    expect((await galleryPhoto(deps, galleryId, id))?.status).toBe('failed');
  }, 120_000);
});

describe('the worker process is supervised', () => {
  let h: DbHandle;
  afterAll(async () => h?.close());

  it('a worker killed mid-job is started again and the photo is redone', async () => {
    h = await createTestDb('pglite');
    const deps: GalleryDeps = { db: h.db, storage: createLocalStorage(fs.mkdtempSync(path.join(tmp, 'kill-'))) };
    const own = createPhotoWorker();
    try {
      const { id: galleryId } = await createGallery(deps, { title: 'Spadlý worker' });
      const file = path.join(tmp, 'kill.jpg');
      fs.writeFileSync(file, await makeTestJpeg({ width: 4000, height: 3000, seed: 11 }));
      const { id } = await addGalleryPhotoFromFile(deps, galleryId, { filePath: file, fileName: 'DSC_9.jpg' });
      const queue: PhotoQueueDeps = { handle: h, storage: deps.storage, worker: own, tmpDir: path.join(tmp, 'work-kill') };
      // Kill the worker as soon as it has the job (it exists once the job is sent).
      const killer = setInterval(() => {
        if (own.pid) {
          process.kill(own.pid, 'SIGKILL');
          clearInterval(killer);
        }
      }, 5);
      const first = await drainPhotoQueue(queue);
      clearInterval(killer);
      expect(first).toBe(1);
      expect((await galleryPhoto(deps, galleryId, id))?.status).toBe('processing');
      // The claim was released for an immediate retry: the next run takes it with a new worker process.
      await drainPhotoQueue(queue);
      expect((await galleryPhoto(deps, galleryId, id))?.status).toBe('ready');
      expect(own.starts).toBe(2);
    } finally {
      await own.close();
    }
  }, 120_000);
});
