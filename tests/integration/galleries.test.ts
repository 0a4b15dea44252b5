process.env.LOG_LEVEL ??= 'error';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb, hasPostgres } from '@tests/support/test-db';
import { createLocalStorage } from '@/platform/storage/local';
import { addSet, createGallery, galleryById, galleryBySlug, galleryPhoto, galleryPhotos, galleryPhotosAll, openGalleryPhoto, updateGallery, addGalleryPhotoFromFile, type GalleryDeps } from '@/galleries/public.server';
import { adminGallery, deleteGallery, editGalleryPhoto, removeGalleryPhoto } from '@/galleries/admin.server';
import { GalleryError } from '@/galleries/errors';
import { PhotoError } from '@/photos/public.server';
import { makeTestJpeg } from '../fixtures/studio-images';
import { submitInquiry } from '@/bookings/service.server';
import { testConfig, validInquiry } from '@tests/support/bookings-factories';
import { galleriesOfInquiry } from '@/galleries/public.server';

/** The galleries' data layer against PGlite and (with TEST_DATABASE_URL) PostgreSQL, with real files on disk. */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'galleries-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function writeJpeg(name: string, seed: number, size = { width: 900, height: 600 }): Promise<string> {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, await makeTestJpeg({ ...size, seed, gps: true }));
  return file;
}

describe.each([
  ['PGlite', 'pglite' as const, true],
  ['PostgreSQL', 'postgres' as const, hasPostgres],
])('galleries on %s', (_label, kind, enabled) => {
  let h: DbHandle;
  let deps: GalleryDeps;
  beforeAll(async () => {
    if (!enabled) return;
    h = await createTestDb(kind);
    deps = { db: h.db, storage: createLocalStorage(fs.mkdtempSync(path.join(tmp, `${kind}-`))) };
  }, 180_000);
  afterAll(async () => {
    if (enabled) await h?.close();
  });

  it.runIf(enabled)('creates a gallery with a slug and a generated code, found by slug with its sets', async () => {
    const created = await createGallery(deps, { title: 'Anna & Petr — Žďár', date: '2026-06-13', coupleEmail: 'anna@example.cz' });
    expect(created.slug).toMatch(/^anna-petr-zdar-[a-z0-9]{6}$/);
    expect(created.code).toMatch(/^[A-Z2-9]{8}$/);
    await addSet(deps, created.id, 'Přípravy');
    await addSet(deps, created.id, 'Obřad');
    const g = await galleryBySlug(deps, created.slug);
    expect(g).toMatchObject({ id: created.id, title: 'Anna & Petr — Žďár', weddingDate: '2026-06-13', coupleEmail: 'anna@example.cz', code: created.code, published: false, downloads: 'original', zip: true, downloadPin: null });
    expect(g?.sets.map((s) => [s.slug, s.title])).toEqual([
      ['pripravy', 'Přípravy'],
      ['obrad', 'Obřad'],
    ]);
    expect(await galleryBySlug(deps, 'neexistuje-abc123')).toBeNull();
    expect(await galleryBySlug(deps, '../etc')).toBeNull();
  });

  it.runIf(enabled)('takes uploads, skips the same content, pages photos in set order and hides other galleries’ photos', async () => {
    const { id } = await createGallery(deps, { title: 'Eva a Jan' });
    const other = await createGallery(deps, { title: 'Jiná svatba' });
    const { id: setId } = await addSet(deps, id, 'Obřad');
    const a = await addGalleryPhotoFromFile(deps, id, { filePath: await writeJpeg('a.jpg', 1), fileName: 'DSC_1024.jpg' });
    const b = await addGalleryPhotoFromFile(deps, id, { filePath: await writeJpeg('b.jpg', 2), fileName: 'C:\\fotky\\DSC_1188.JPG', setId });
    expect(a).toMatchObject({ status: 'processing', duplicate: false });
    const again = await addGalleryPhotoFromFile(deps, id, { filePath: path.join(tmp, 'a.jpg'), fileName: 'kopie.jpg' });
    expect(again).toMatchObject({ id: a.id, duplicate: true });
    // The same file in another gallery is a photo of its own.
    const elsewhere = await addGalleryPhotoFromFile(deps, other.id, { filePath: path.join(tmp, 'a.jpg'), fileName: 'DSC_1024.jpg' });
    expect(elsewhere.duplicate).toBe(false);

    const page = await galleryPhotos(deps, id, { page: 1, perPage: 1 });
    expect(page).toMatchObject({ total: 2, pages: 2, page: 1, perPage: 1 });
    // Photos of a set come first (sets in order), then those without a set.
    expect(page.photos[0]).toMatchObject({ id: b.id, fileName: 'DSC_1188.JPG', setSlug: 'obrad', setTitle: 'Obřad', status: 'processing' });
    expect(page.photos[0]!.sizeBytes).toBe(fs.statSync(path.join(tmp, 'b.jpg')).size);
    expect((await galleryPhotos(deps, id, { page: 2, perPage: 1 })).photos.map((p) => p.id)).toEqual([a.id]);
    expect((await galleryPhotos(deps, id, { setSlug: 'obrad' })).photos.map((p) => p.id)).toEqual([b.id]);
    expect((await galleryPhotosAll(deps, id)).map((p) => p.fileName)).toEqual(['DSC_1188.JPG', 'DSC_1024.jpg']);

    expect(await galleryPhoto(deps, other.id, a.id)).toBeNull();
    // Not ready yet: nothing to open.
    expect(await openGalleryPhoto(deps, id, a.id, 'original')).toBeNull();
    expect(await openGalleryPhoto(deps, other.id, a.id, 'web')).toBeNull();

    await editGalleryPhoto(deps, id, b.id, { setId: null });
    const admin = await adminGallery(deps, id);
    expect(admin?.progress).toEqual({ total: 2, ready: 0, processing: 2, failed: 0 });
    expect(admin?.photos.map((p) => p.fileName).sort()).toEqual(['DSC_1024.jpg', 'DSC_1188.JPG']);

    await removeGalleryPhoto(deps, id, a.id);
    expect((await galleryPhotos(deps, id)).total).toBe(1);
    await deleteGallery(deps, id);
    expect(await galleryById(deps, id)).toBeNull();
    expect((await galleryPhotos(deps, other.id)).total).toBe(1);
  });

  it.runIf(enabled)('refuses what is not a photo, and strips and bombs by their header alone', async () => {
    const { id } = await createGallery(deps, { title: 'Odmítnuté soubory' });
    const text = path.join(tmp, 'notes.jpg');
    fs.writeFileSync(text, 'tohle není fotka');
    const e1 = await addGalleryPhotoFromFile(deps, id, { filePath: text, fileName: 'notes.jpg' }).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(PhotoError);
    expect((e1 as PhotoError).status).toBe(415);
    // A 12 000 × 1 strip: within the megapixels, far past the aspect ratio — refused before any decoding.
    const strip = path.join(tmp, 'strip.png');
    fs.writeFileSync(strip, await (await import('sharp')).default({ create: { width: 12_000, height: 1, channels: 3, background: '#fff' } }).png().toBuffer());
    const e2 = await addGalleryPhotoFromFile(deps, id, { filePath: strip, fileName: 'strip.png' }).catch((e: unknown) => e);
    expect((e2 as PhotoError).status).toBe(422);
    expect((e2 as PhotoError).message).toMatch(/poměr stran/);
    expect((await galleryPhotos(deps, id)).total).toBe(0);
  });

  it.runIf(enabled)('a gallery linked to an inquiry is found from the inquiry (the booking detail shows it)', async () => {
    const r = await submitInquiry(async () => h.db, { kind: 'full', raw: validInquiry(), idempotencyKey: null, clientAddress: '203.0.113.9', packageIds: [], config: testConfig });
    if (!r.ok) throw new Error(r.message);
    expect(await galleriesOfInquiry(deps, r.id)).toEqual([]);
    const { id } = await createGallery(deps, { title: 'Z poptávky', inquiryId: r.id });
    expect(await galleriesOfInquiry(deps, r.id)).toMatchObject([{ id, title: 'Z poptávky', published: false }]);
    expect((await galleryById(deps, id))?.inquiryId).toBe(r.id);
  });

  it.runIf(enabled)('patches settings with Czech validation', async () => {
    const { id, code } = await createGallery(deps, { title: 'Nastavení' });
    await updateGallery(deps, id, { published: true, downloads: 'web', zip: false, downloadPin: '1234', selectionLimit: 40, guestCode: 'HOSTE-2026', expiresAt: new Date('2027-01-31T23:59:59Z') });
    expect(await galleryById(deps, id)).toMatchObject({ published: true, downloads: 'web', zip: false, downloadPin: '1234', selectionLimit: 40, guestCode: 'HOSTE-2026' });
    const same = await updateGallery(deps, id, { guestCode: code }).catch((e: unknown) => e);
    expect(same).toBeInstanceOf(GalleryError);
    const missing = await updateGallery(deps, id, { inquiryId: 999_999 }).catch((e: unknown) => e);
    expect((missing as GalleryError).status).toBe(400);
    expect((missing as GalleryError).message).toMatch(/Poptávka/);
  });
});
