import 'server-only';
import type { Db } from '@/db/client';
import { photoInfos, type PhotoInfo } from '@/photos/public.server';
import { SAMPLE_CATEGORIES } from '../placeholders';
import type { Image, SizeHint, WeddingDetail } from '../types';
import { photoRowsOfWeddings, type PhotoRow as PlacementRow } from './repositories/photos.server';
import * as weddingRows from './repositories/weddings.server';
import type { WeddingRow } from './repositories/weddings.server';
import { photoUrl } from './variants';

/**
 * What the public site reads from the studio: published weddings with their ready photos, in the content layer's
 * domain shape. Drafts, photos still processing and failed photos are never included.
 */

/** A studio photo as pages need it: where and how it is shown (studio) with what it is (the photo module). */
export interface ShownPhoto {
  placement: Pick<PlacementRow, 'id' | 'alt' | 'category'>;
  info: PhotoInfo;
}

/** The ready ones of `placements`, in their order, with their photo's facts. */
export async function readyPhotos<P extends Pick<PlacementRow, 'id' | 'alt' | 'category'>>(db: Db, placements: P[]): Promise<(ShownPhoto & { placement: P })[]> {
  const infos = await photoInfos({ db }, placements.map((p) => p.id));
  return placements.flatMap((placement) => {
    const info = infos.get(placement.id);
    return info?.status === 'ready' ? [{ placement, info }] : [];
  });
}

/**
 * The size hint comes from the photo itself: portraits take a tall cell; every third landscape photo a large one,
 * the rest a small one (the mosaic's rhythm without cropping portraits into wide cells).
 */
function sizeHints(photos: ShownPhoto[]): SizeHint[] {
  let landscape = 0;
  return photos.map(({ info: p }) => {
    const w = p.width ?? 1;
    const h = p.height ?? 1;
    if (h > w * 1.05) return 'medium';
    return landscape++ % 3 === 0 ? 'large' : 'small';
  });
}

export function toImage({ placement: p, info }: ShownPhoto, sizeHint: SizeHint): Image {
  const largest = info.variantWidths[info.variantWidths.length - 1] ?? info.width ?? 1;
  const category = p.category ? SAMPLE_CATEGORIES.find((c) => c.slug === p.category) : undefined;
  return {
    id: p.id,
    url: photoUrl(p.id, largest),
    width: info.width ?? largest,
    height: info.height ?? largest,
    alternativeText: p.alt,
    sizeHint,
    ...(category ? { category } : {}),
    ...(info.blurDataUrl ? { blurDataURL: info.blurDataUrl } : {}),
  };
}

export function toWeddingDetail(w: WeddingRow, photos: ShownPhoto[]): WeddingDetail {
  const hints = sizeHints(photos);
  const images = photos.map((p, i) => toImage(p, hints[i]));
  const cover = images.find((img) => img.id === w.coverPhotoId) ?? images[0];
  return {
    id: w.id,
    couple: w.couple,
    date: w.weddingDate,
    location: w.location,
    shortDescription: w.shortDescription,
    slug: w.slug,
    year: w.year,
    favorite: w.favorite,
    story: w.story,
    wedding_images: images,
    ...(cover ? { coverImage: cover } : {}),
  };
}

async function details(db: Db, weddings: WeddingRow[]): Promise<WeddingDetail[]> {
  if (!weddings.length) return [];
  const placements = await photoRowsOfWeddings(db, weddings.map((w) => w.id));
  const photos = await readyPhotos(db, placements);
  return weddings.map((w) => toWeddingDetail(w, photos.filter((p) => p.placement.weddingId === w.id)));
}

/** Every published wedding with its gallery, newest first. */
export async function publishedWeddingDetails(db: Db): Promise<WeddingDetail[]> {
  const weddings = await weddingRows.publishedWeddingRows(db);
  weddings.sort((a, b) => b.weddingDate.localeCompare(a.weddingDate));
  return details(db, weddings);
}

/** Any wedding (drafts too) for the admin's preview. */
export async function previewWeddingDetail(db: Db, id: string): Promise<WeddingDetail | null> {
  const w = await weddingRows.findWedding(db, id);
  if (!w) return null;
  return (await details(db, [w]))[0] ?? null;
}

/** The current slug of a published wedding that used to be reachable as `slug` (for the 308), or null. */
export async function renamedWeddingSlug(db: Db, slug: string): Promise<string | null> {
  return weddingRows.renamedWeddingSlug(db, slug);
}
