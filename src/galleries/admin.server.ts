import 'server-only';
import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '@/db/client';
import { deletePhotos, photoStatusCounts, retryPhotos, type PhotoStatus } from '@/photos/public.server';
import { generateCode, gallerySlug, setSlug } from './codes';
import { conflict, notFound, validation } from './errors';
import type { GalleryCreate, GalleryPatchInput } from './input';
import { galleryById, galleryPhotosAll, type GalleryDeps } from './read.server';
import {
  deleteGalleryRecord,
  deletePlacement,
  deleteSet,
  galleryRecordById,
  galleryRecordsByInquiry,
  insertGallery,
  insertSet,
  listGalleryRecords,
  placement,
  placementIds,
  reorderPlacements,
  updateGalleryRecord,
  updatePlacement,
  updateSet,
  type GalleryListRow,
  type GalleryPatch,
} from './repositories/galleries.server';
import type { AdminGallery } from './types';

export type { AdminGallery, AdminGalleryPhoto } from './types';

/** The photographer's use cases for client galleries (/api/admin/galleries…, /admin/galerie). */

export async function createGallery(deps: Pick<GalleryDeps, 'db'>, input: GalleryCreate): Promise<{ id: string; slug: string; code: string }> {
  const id = randomUUID();
  const code = generateCode();
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = gallerySlug(input.title);
    try {
      const ok = await insertGallery(deps.db, {
        id,
        slug,
        title: input.title,
        weddingDate: input.date ?? null,
        coupleEmail: input.coupleEmail ?? null,
        inquiryId: input.inquiryId ?? null,
        code,
        expiresAt: input.expiresAt ?? null,
        selectionLimit: input.selectionLimit ?? null,
      });
      if (ok) return { id, slug, code };
    } catch (err) {
      // The only foreign key: the inquiry.
      if (isForeignKeyViolation(err)) throw validation('Poptávka s tímto číslem neexistuje.');
      throw err;
    }
  }
  throw conflict('Nepodařilo se vytvořit jedinečnou adresu galerie. Zkuste to prosím znovu.');
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const rec = e as { code?: unknown; cause?: unknown };
    if (rec.code === '23503') return true;
    e = rec.cause;
  }
  return false;
}

export async function listGalleries(deps: Pick<GalleryDeps, 'db'>): Promise<GalleryListRow[]> {
  return listGalleryRecords(deps.db);
}

export async function galleriesOfInquiry(deps: Pick<GalleryDeps, 'db'>, inquiryId: number): Promise<{ id: string; slug: string; title: string; published: boolean }[]> {
  return (await galleryRecordsByInquiry(deps.db, inquiryId)).map((g) => ({ id: g.id, slug: g.slug, title: g.title, published: g.published }));
}

export async function adminGallery(deps: Pick<GalleryDeps, 'db'>, id: string): Promise<AdminGallery | null> {
  const g = await galleryById(deps, id);
  if (!g) return null;
  const photos = await galleryPhotosAll(deps, id);
  const progress = { total: photos.length, ready: 0, processing: 0, failed: 0 };
  for (const p of photos) progress[p.status]++;
  return {
    id: g.id,
    slug: g.slug,
    title: g.title,
    date: g.weddingDate,
    coupleEmail: g.coupleEmail,
    inquiryId: g.inquiryId,
    code: g.code,
    guestCode: g.guestCode,
    published: g.published,
    expiresAt: g.expiresAt ? g.expiresAt.toISOString() : null,
    downloads: g.downloads,
    zip: g.zip,
    downloadPin: g.downloadPin,
    selectionLimit: g.selectionLimit,
    coverPhotoId: g.coverPhotoId,
    sets: g.sets,
    progress,
    photos: photos.map((p) => ({ id: p.id, status: p.status, fileName: p.fileName, width: p.width, height: p.height, setId: p.setId, position: p.position, sizeBytes: p.sizeBytes, error: p.error })),
  };
}

export async function updateGallery(deps: Pick<GalleryDeps, 'db'>, id: string, input: GalleryPatchInput): Promise<void> {
  const patch: GalleryPatch = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.date !== undefined) patch.weddingDate = input.date;
  if (input.coupleEmail !== undefined) patch.coupleEmail = input.coupleEmail;
  if (input.inquiryId !== undefined) patch.inquiryId = input.inquiryId;
  if (input.guestCode !== undefined) patch.guestCode = input.guestCode;
  if (input.published !== undefined) patch.published = input.published;
  if (input.expiresAt !== undefined) patch.expiresAt = input.expiresAt;
  if (input.downloads !== undefined) patch.downloads = input.downloads;
  if (input.zip !== undefined) patch.zip = input.zip;
  if (input.downloadPin !== undefined) patch.downloadPin = input.downloadPin;
  if (input.selectionLimit !== undefined) patch.selectionLimit = input.selectionLimit;
  if (input.coverPhotoId !== undefined) {
    if (input.coverPhotoId !== null && !(await placement(deps.db, id, input.coverPhotoId))) throw validation('Titulní fotografie musí být fotografií této galerie.');
    patch.coverPhotoId = input.coverPhotoId;
  }
  const current = await galleryRecordById(deps.db, id);
  if (!current) throw notFound();
  if (patch.guestCode && patch.guestCode.toUpperCase() === (current.code ?? '').toUpperCase()) throw validation('Kód pro hosty se musí lišit od kódu páru.');
  try {
    if (!(await updateGalleryRecord(deps.db, id, patch))) throw notFound();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw validation('Poptávka s tímto číslem neexistuje.');
    throw err;
  }
}

/** A fresh guest code (the photographer can also type one). */
export async function newGuestCode(deps: Pick<GalleryDeps, 'db'>, id: string): Promise<string> {
  const code = generateCode();
  if (!(await updateGalleryRecord(deps.db, id, { guestCode: code }))) throw notFound();
  return code;
}

export async function deleteGallery(deps: GalleryDeps, id: string): Promise<void> {
  const photoIds = await deleteGalleryRecord(deps.db, id);
  if (photoIds === null) throw notFound();
  await deletePhotos(deps, photoIds);
}

// --- sets ---

export async function addSet(deps: Pick<GalleryDeps, 'db'>, galleryId: string, title: string): Promise<{ id: string; slug: string }> {
  if (!(await galleryRecordById(deps.db, galleryId))) throw notFound();
  const base = setSlug(title);
  for (let n = 1; n < 50; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const id = randomUUID();
    try {
      if (await insertSet(deps.db, { id, galleryId, slug, title })) return { id, slug };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw conflict('Sadu s tímto názvem už galerie má.');
}

export async function editSet(deps: Pick<GalleryDeps, 'db'>, galleryId: string, setId: string, patch: { title?: string; position?: number }): Promise<void> {
  if (!(await updateSet(deps.db, galleryId, setId, patch))) throw notFound('Sada nenalezena.');
}

export async function removeSet(deps: Pick<GalleryDeps, 'db'>, galleryId: string, setId: string): Promise<void> {
  // The set's photos stay in the gallery, without a set.
  if (!(await deleteSet(deps.db, galleryId, setId))) throw notFound('Sada nenalezena.');
}

// --- photos ---

export async function editGalleryPhoto(deps: Pick<GalleryDeps, 'db'>, galleryId: string, photoId: string, patch: { setId?: string | null; position?: number }): Promise<void> {
  if (patch.setId) {
    const g = await galleryById(deps, galleryId);
    if (!g?.sets.some((s) => s.id === patch.setId)) throw validation('Sada nepatří do této galerie.');
  }
  if (!(await updatePlacement(deps.db, galleryId, photoId, patch))) throw notFound('Fotografie v této galerii není.');
}

export async function reorderGalleryPhotos(deps: Pick<GalleryDeps, 'db'>, galleryId: string, order: readonly string[]): Promise<void> {
  if (!(await galleryRecordById(deps.db, galleryId))) throw notFound();
  await reorderPlacements(deps.db, galleryId, order);
}

export async function removeGalleryPhoto(deps: GalleryDeps, galleryId: string, photoId: string): Promise<void> {
  if (!(await deletePlacement(deps.db, galleryId, photoId))) throw notFound('Fotografie v této galerii není.');
  const g = await galleryRecordById(deps.db, galleryId);
  if (g?.coverPhotoId === photoId) await updateGalleryRecord(deps.db, galleryId, { coverPhotoId: null });
  await deletePhotos(deps, [photoId]);
}

/** Failed photos of the gallery (all, or the given ones) back into the processing queue. */
export async function retryGalleryPhotos(deps: Pick<GalleryDeps, 'db'>, galleryId: string, photoIds?: readonly string[]): Promise<number> {
  const ids = await placementIds(deps.db, galleryId);
  const wanted = photoIds ? ids.filter((id) => photoIds.includes(id)) : ids;
  return retryPhotos(deps, wanted);
}

export async function processingProgress(deps: Pick<GalleryDeps, 'db'>, galleryId: string): Promise<Record<PhotoStatus, number> & { total: number }> {
  const ids = await placementIds(deps.db, galleryId);
  const counts = await photoStatusCounts(deps, ids);
  return { ...counts, total: ids.length };
}

