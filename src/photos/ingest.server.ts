import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import sharp, { type Metadata } from 'sharp';
import { log } from '@/platform/log';
import { notAnImage, PhotoError, storageUnavailable } from './errors';
import { originalKey } from './keys';
import { dimensionProblem } from './limits';
import { insertPhoto } from './repositories/photos.server';
import type { PhotoDeps } from './service.server';

/**
 * Taking an uploaded file (already on the local disk: a tus upload or a spooled multipart part) into the photo
 * module: its hash and size by streaming, its header checked (format, sides, aspect, megapixels — nothing is decoded
 * in the web process), the original streamed into storage, then the row that queues it for processing.
 */

const ACCEPTED_FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heif: 'image/heif', avif: 'image/avif', tiff: 'image/tiff' };

export async function hashFile(filePath: string): Promise<{ hash: string; size: number }> {
  const h = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(filePath)) {
    const buf = chunk as Buffer;
    size += buf.length;
    h.update(buf);
  }
  return { hash: h.digest('hex'), size };
}

export interface InspectedFile {
  contentType: string;
  width: number;
  height: number;
}

/** Reads only the header (sharp's metadata does not decode pixels) and refuses what must never be decoded. */
export async function inspectFile(filePath: string): Promise<InspectedFile> {
  let meta: Metadata;
  try {
    meta = await sharp(filePath, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const contentType = meta.format ? ACCEPTED_FORMATS[meta.format] : undefined;
  if (!contentType || !meta.width || !meta.height) throw notAnImage();
  const problem = dimensionProblem({ width: meta.width, height: meta.height });
  if (problem) throw new PhotoError(422, 'UnprocessableImageError', problem);
  const rotated = (meta.orientation ?? 1) >= 5;
  return { contentType, width: rotated ? meta.height : meta.width, height: rotated ? meta.width : meta.height };
}

export interface IngestInput {
  filePath: string;
  fileName: string;
  owner: 'gallery' | 'studio';
  /** From hashFile (the caller usually needed it first to skip duplicates). */
  hash: string;
  size: number;
}

/** Stores the original, then inserts the row (status processing). A storage failure → 503, retryable, no row. */
export async function ingestFile(deps: PhotoDeps & { kick?: () => void }, input: IngestInput, inspected?: InspectedFile): Promise<{ id: string; contentType: string }> {
  const { contentType } = inspected ?? (await inspectFile(input.filePath));
  const id = randomUUID();
  const key = originalKey(id);
  try {
    await deps.storage.putFile(key, input.filePath, contentType);
  } catch (err) {
    log.warn('photos: storing an original failed', { photoId: id, err });
    // Not awaited: on an unreachable store the delete retries for minutes, and the answer must not wait for it.
    void deps.storage.delete(key).catch(() => undefined);
    throw storageUnavailable();
  }
  await insertPhoto(deps.db, { id, owner: input.owner, originalKey: key, originalName: input.fileName, contentType, contentHash: input.hash, sizeBytes: input.size });
  deps.kick?.();
  return { id, contentType };
}
