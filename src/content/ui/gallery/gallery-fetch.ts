import { galleryErrorMessage, isGallerySlice, type GallerySlice } from './gallery-types';

const FAILED = 'Další fotografie se nepodařilo načíst.';

/**
 * One further page of the mosaic from the JSON route, checked before it is rendered. Imported by the gallery when
 * it first needs a page it does not have (a scroll near the end, another category): a visitor who only looks at
 * the first page never downloads this code or the shape check.
 */
export async function fetchGallerySlice(url: URL): Promise<GallerySlice> {
  const res = await fetch(url);
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(galleryErrorMessage(body) ?? FAILED);
  if (!isGallerySlice(body)) throw new Error(FAILED);
  return body;
}
