import 'server-only';
import { galleryPhotos, type GalleryDeps } from './read.server';
import type { Gallery, GalleryPhoto } from './types';

/** What the couple's page and GET …/photos send to the browser about a photo (no storage keys, no sizes of originals). */
export interface VisitorPhoto {
  id: string;
  setSlug: string | null;
  fileName: string;
  width: number;
  height: number;
  blurDataUrl: string | null;
  small: string;
  medium: string;
}

export interface VisitorPhotoPage {
  photos: VisitorPhoto[];
  page: number;
  pages: number;
  total: number;
}

/** Photos per page of the couple's gallery: the first screen and some; the rest comes page by page. */
export const VISITOR_PER_PAGE = 48;

export function visitorPhoto(gallery: Gallery, p: GalleryPhoto): VisitorPhoto {
  const base = `/api/galleries/${gallery.slug}/photos/${encodeURIComponent(p.id)}`;
  return { id: p.id, setSlug: p.setSlug, fileName: p.fileName, width: p.width ?? 3, height: p.height ?? 2, blurDataUrl: p.blurDataUrl, small: `${base}/small`, medium: `${base}/medium` };
}

/** One page of ready photos. Pages count every photo of the gallery, so a photo still processing leaves its page shorter rather than shifting the others. */
export async function visitorPhotoPage(deps: Pick<GalleryDeps, 'db'>, gallery: Gallery, page: number, setSlug?: string): Promise<VisitorPhotoPage> {
  const p = await galleryPhotos(deps, gallery.id, { page, perPage: VISITOR_PER_PAGE, ...(setSlug !== undefined ? { setSlug } : {}) });
  return { photos: p.photos.filter((x) => x.status === 'ready').map((x) => visitorPhoto(gallery, x)), page: p.page, pages: p.pages, total: p.total };
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
