import 'server-only';
import { deletePhotos, hashFile, ingestFile, inspectFile, type PhotoStatus, type UploadTarget } from '@/photos/public.server';
import { notFound, validation } from './errors';
import type { GalleryDeps } from './read.server';
import { galleryRecordById, insertPlacement, placementByHash, setsOf } from './repositories/galleries.server';

export interface UploadedFile {
  /** The file on the local disk (a finished tus upload or a spooled multipart part). */
  filePath: string;
  /** The name the photographer's file had (kept for the Lightroom filter). */
  fileName: string;
  setId?: string | null;
  /** SHA-256 (hex) and size when already computed while the file was received (not read again). */
  hashed?: { hash: string; size: number };
}

export interface AddedPhoto {
  id: string;
  status: PhotoStatus;
  /** True when the same content was already in this gallery: nothing new was stored. */
  duplicate: boolean;
}

export function cleanFileName(name: string): string {
  // Keep the camera's name (DSC_1024.jpg) but never a path or control characters.
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean || 'fotografie.jpg';
}

/**
 * Adds one uploaded file to a gallery: a file with the same content already there is skipped (answered with the
 * existing photo), anything else goes into the photo module and is placed at the end of the gallery.
 */
export async function addGalleryPhotoFromFile(deps: GalleryDeps & { kick?: () => void }, galleryId: string, file: UploadedFile): Promise<AddedPhoto> {
  if (!(await galleryRecordById(deps.db, galleryId))) throw notFound();
  if (file.setId && !(await setsOf(deps.db, galleryId)).some((s) => s.id === file.setId)) throw validation('Sada nepatří do této galerie.');
  const { hash, size } = file.hashed ?? (await hashFile(file.filePath));
  const existing = await placementByHash(deps.db, galleryId, hash);
  if (existing) return { id: existing.photoId, status: 'ready', duplicate: true };
  const inspected = await inspectFile(file.filePath);
  const fileName = cleanFileName(file.fileName);
  const { id } = await ingestFile(deps, { filePath: file.filePath, fileName, owner: 'gallery', hash, size }, inspected);
  const placed = await insertPlacement(deps.db, { photoId: id, galleryId, setId: file.setId ?? null, fileName, sizeBytes: size, contentHash: hash });
  if (!placed) {
    // The same file finished in parallel (two tabs): keep the one that landed first.
    await deletePhotos(deps, [id]);
    const winner = await placementByHash(deps.db, galleryId, hash);
    return { id: winner?.photoId ?? id, status: 'processing', duplicate: true };
  }
  return { id, status: 'processing', duplicate: false };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The galleries as a target of resumable uploads (metadata: target "gallery", galleryId, optional setId,
 * filename): the gallery is checked before any byte is accepted, and the finished file is added like any upload.
 */
export function galleryUploadTarget(getDeps: () => Promise<GalleryDeps & { kick?: () => void }>): UploadTarget {
  return {
    async accept(meta) {
      if (!UUID_RE.test(meta.galleryId ?? '')) throw notFound();
      const deps = await getDeps();
      if (!(await galleryRecordById(deps.db, meta.galleryId!))) throw notFound();
      if (meta.setId && !(await setsOf(deps.db, meta.galleryId!)).some((s) => s.id === meta.setId)) throw validation('Sada nepatří do této galerie.');
    },
    async finish(filePath, meta, hashed) {
      const deps = await getDeps();
      return addGalleryPhotoFromFile(deps, meta.galleryId ?? '', { filePath, fileName: meta.filename ?? '', setId: meta.setId || null, ...(hashed ? { hashed } : {}) });
    },
  };
}
