import 'server-only';
import type { Db } from '@/db/client';
import type { ByteRange, Storage, StoredStream } from '@/platform/storage/types';
import { openPhoto, photoInfos, rememberCrc32, type PhotoInfo, type PhotoVariant } from '@/photos/public.server';
import { countPlacements, galleryRecordById, galleryRecordBySlug, placement, placements, setsOf, type GalleryRecord, type PlacementFilter, type PlacementRecord } from './repositories/galleries.server';
import type { Gallery, GalleryPhoto, GalleryPhotoPage } from './types';

/** Reading galleries and their photos (shared by the admin and the couple's side). */

export interface GalleryDeps {
  db: Db;
  storage: Storage;
}

export const PHOTOS_PER_PAGE = 60;
export const MAX_PER_PAGE = 500;

async function withSets(db: Db, r: GalleryRecord): Promise<Gallery> {
  return { ...r, sets: await setsOf(db, r.id) };
}

export async function galleryById(deps: Pick<GalleryDeps, 'db'>, id: string): Promise<Gallery | null> {
  const r = await galleryRecordById(deps.db, id);
  return r ? withSets(deps.db, r) : null;
}

/** The gallery at /galerie/{slug}, whatever its state (published, expiry: the caller decides what to show). */
export async function galleryBySlug(deps: Pick<GalleryDeps, 'db'>, slug: string): Promise<Gallery | null> {
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) return null;
  const r = await galleryRecordBySlug(deps.db, slug);
  return r ? withSets(deps.db, r) : null;
}

function merge(p: PlacementRecord, info: PhotoInfo | undefined): GalleryPhoto {
  return {
    id: p.photoId,
    galleryId: p.galleryId,
    setId: p.setId,
    setSlug: p.setSlug,
    setTitle: p.setTitle,
    position: p.position,
    fileName: p.fileName,
    sizeBytes: p.sizeBytes,
    // A placement whose photo row is gone (deleted meanwhile) is never offered as ready.
    status: info?.status ?? 'failed',
    width: info?.width ?? null,
    height: info?.height ?? null,
    blurDataUrl: info?.blurDataUrl ?? null,
    downloadBytes: info?.downloadBytes ?? null,
    webBytes: info?.webBytes ?? null,
    downloadCrc32: info?.downloadCrc32 ?? null,
    webCrc32: info?.webCrc32 ?? null,
    error: info ? info.error : 'Fotografie chybí.',
  };
}

async function withInfo(db: Db, rows: PlacementRecord[]): Promise<GalleryPhoto[]> {
  const infos = await photoInfos({ db }, rows.map((r) => r.photoId));
  return rows.map((r) => merge(r, infos.get(r.photoId)));
}

export interface PhotoPageQuery {
  /** 1-based; past the end gives an empty page. */
  page?: number;
  perPage?: number;
  /** Only this set's photos. */
  setSlug?: string;
}

/** One page of a gallery's photos in gallery order (every status: filter `status === 'ready'` for visitors). */
export async function galleryPhotos(deps: Pick<GalleryDeps, 'db'>, galleryId: string, q: PhotoPageQuery = {}): Promise<GalleryPhotoPage> {
  const perPage = Math.min(Math.max(1, Math.floor(q.perPage ?? PHOTOS_PER_PAGE)), MAX_PER_PAGE);
  const page = Math.max(1, Math.floor(q.page ?? 1));
  const filter: PlacementFilter = q.setSlug !== undefined ? { setSlug: q.setSlug } : {};
  const [total, rows] = await Promise.all([countPlacements(deps.db, galleryId, filter), placements(deps.db, galleryId, filter, { limit: perPage, offset: (page - 1) * perPage })]);
  return { photos: await withInfo(deps.db, rows), page, perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) };
}

/**
 * Every photo of a gallery (or of one set, or of the given ids) in gallery order, e.g. for a ZIP. Includes photos
 * still processing or failed: the caller decides (their sizes are not known yet).
 */
export async function galleryPhotosAll(deps: Pick<GalleryDeps, 'db'>, galleryId: string, filter: PlacementFilter = {}): Promise<GalleryPhoto[]> {
  return withInfo(deps.db, await placements(deps.db, galleryId, filter));
}

/** One photo, only if it belongs to this gallery (a photo id of another gallery is null). */
export async function galleryPhoto(deps: Pick<GalleryDeps, 'db'>, galleryId: string, photoId: string): Promise<GalleryPhoto | null> {
  const p = await placement(deps.db, galleryId, photoId);
  if (!p) return null;
  return (await withInfo(deps.db, [p]))[0] ?? null;
}

/**
 * Opens one file of a gallery's ready photo as a stream with its whole byte size (`range` reads part of it), or
 * null when the photo is not in this gallery, not ready, or its file is missing. Access checks are the caller's.
 */
export async function openGalleryPhoto(deps: GalleryDeps, galleryId: string, photoId: string, variant: PhotoVariant, range?: ByteRange): Promise<StoredStream | null> {
  if (!(await placement(deps.db, galleryId, photoId))) return null;
  return openPhoto(deps, photoId, variant, range);
}

/** Keeps a CRC-32 computed while a ZIP was written, for a photo processed before the worker computed CRCs. */
export async function rememberPhotoCrc32(deps: Pick<GalleryDeps, 'db'>, photoId: string, variant: 'original' | 'web', crc32: number): Promise<void> {
  await rememberCrc32(deps, photoId, variant, crc32);
}
