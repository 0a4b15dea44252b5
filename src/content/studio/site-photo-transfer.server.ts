import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { hashFile, openPublicVariant, photoInfo, photoTmpDir } from '@/photos/public.server';
import { sitePhoto, uploadSitePhoto, type StudioDeps } from './service.server';

/**
 * The site's own photos (hero, portrait) inside a settings export, so that an import into a fresh site reproduces
 * it: each travels as its largest public JPEG variant (at most 1920 px wide, a few hundred KB), not the original —
 * the site only ever shows that size, and the export stays a small JSON file. An import puts each one through the
 * upload path again (a new photo, processed by the worker) and the settings then name the new photo.
 */

/** A carried photo's JPEG is at most this large (a 1920 px JPEG is far smaller). */
export const MAX_CARRIED_PHOTO_BYTES = 4 * 1024 * 1024;
const MAX_CARRIED_PHOTOS = 4;

export const carriedPhotosSchema = z
  .record(
    z.string().uuid({ message: 'Neplatné označení fotografie v exportu.' }),
    z.object({
      fileName: z.string().trim().min(1).max(200),
      jpeg: z
        .string()
        .max(Math.ceil(MAX_CARRIED_PHOTO_BYTES / 3) * 4, { message: 'Fotografie v exportu je příliš velká.' })
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'Fotografie v exportu není platně zakódovaná (base64).' }),
    }),
  )
  .refine((r) => Object.keys(r).length <= MAX_CARRIED_PHOTOS, { message: `Export smí nést nejvýše ${MAX_CARRIED_PHOTOS} fotografie webu.` });
export type CarriedPhotos = z.infer<typeof carriedPhotosSchema>;

/** The photos named in `ids` that are ready, as carried in an export (missing or unready ones are left out). */
export async function carrySitePhotos(deps: StudioDeps, ids: readonly string[]): Promise<CarriedPhotos> {
  const out: CarriedPhotos = {};
  for (const id of new Set(ids)) {
    const info = await photoInfo({ db: deps.db }, id);
    if (!info || info.status !== 'ready' || !info.variantWidths.length || !(await sitePhoto(deps.db, id))) continue;
    const stored = await openPublicVariant(deps, id, Math.max(...info.variantWidths), 'jpg');
    if (!stored || stored.size > MAX_CARRIED_PHOTO_BYTES) continue;
    const chunks: Uint8Array[] = [];
    const reader = stored.stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    const base = info.originalName.replace(/\.[^.]*$/, '') || 'fotografie';
    out[id] = { fileName: `${base}.jpg`, jpeg: Buffer.concat(chunks).toString('base64') };
  }
  return out;
}

/** Takes each carried photo in as a new site photo (queued for processing); returns old id → new id. */
export async function receiveSitePhotos(deps: StudioDeps, photos: CarriedPhotos): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const dir = await fs.mkdtemp(path.join(await ensureDir(path.join(photoTmpDir(), 'settings-import')), 'in-'));
  try {
    for (const [oldId, photo] of Object.entries(photos)) {
      const filePath = path.join(dir, `${ids.size}.jpg`);
      await fs.writeFile(filePath, Buffer.from(photo.jpeg, 'base64'));
      const { hash, size } = await hashFile(filePath);
      const stored = await uploadSitePhoto(deps, { filePath, fileName: photo.fileName, hash, size });
      ids.set(oldId, stored.id);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return ids;
}

async function ensureDir(dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  return dir;
}
