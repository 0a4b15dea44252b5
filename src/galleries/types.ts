/** Client galleries as other code sees them (DTOs; table rows never leave the repository). */
import type { PhotoStatus } from '@/photos/public';

export type DownloadSetting = 'none' | 'web' | 'original';

export interface GallerySet {
  id: string;
  slug: string;
  title: string;
  position: number;
}

export interface Gallery {
  id: string;
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  weddingDate: string | null;
  coupleEmail: string | null;
  inquiryId: number | null;
  /** The couple's access code. */
  code: string;
  /** The optional guest code (view, plus web-size downloads if downloads are allowed). */
  guestCode: string | null;
  published: boolean;
  expiresAt: Date | null;
  downloads: DownloadSetting;
  /** Whole-gallery (and set/favourites) ZIP downloads allowed. */
  zip: boolean;
  /** null = downloads need no PIN. */
  downloadPin: string | null;
  /** The album selection limit; null = no selection limit set. */
  selectionLimit: number | null;
  coverPhotoId: string | null;
  sets: GallerySet[];
  createdAt: Date;
  updatedAt: Date;
}

export interface GalleryPhoto {
  /** The photo's id (the same id in every URL). */
  id: string;
  galleryId: string;
  setId: string | null;
  setSlug: string | null;
  setTitle: string | null;
  position: number;
  /** The file name as uploaded (e.g. DSC_1024.jpg): what the photographer finds in Lightroom. */
  fileName: string;
  /** Size of the upload as received. */
  sizeBytes: number;
  status: PhotoStatus;
  width: number | null;
  height: number | null;
  blurDataUrl: string | null;
  /** Byte size of the full-resolution download (GPS removed), once ready. */
  downloadBytes: number | null;
  /** Byte size of the 2048 px web download, once ready. */
  webBytes: number | null;
  /** CRC-32 of the full-resolution download, once known (a ZIP lays out its archive with it). */
  downloadCrc32: number | null;
  /** CRC-32 of the web download, once known. */
  webCrc32: number | null;
  /** Why processing failed (Czech). */
  error: string | null;
}

export interface GalleryPhotoPage {
  photos: GalleryPhoto[];
  /** 1-based. */
  page: number;
  perPage: number;
  total: number;
  pages: number;
}

export interface AdminGalleryPhoto {
  id: string;
  status: PhotoStatus;
  fileName: string;
  width: number | null;
  height: number | null;
  setId: string | null;
  position: number;
  sizeBytes: number;
  error: string | null;
}

/** The GET /api/admin/galleries/{id} shape (plus the fields the admin UI needs). */
export interface AdminGallery {
  id: string;
  slug: string;
  title: string;
  date: string | null;
  coupleEmail: string | null;
  inquiryId: number | null;
  code: string;
  guestCode: string | null;
  published: boolean;
  expiresAt: string | null;
  downloads: DownloadSetting;
  zip: boolean;
  downloadPin: string | null;
  selectionLimit: number | null;
  coverPhotoId: string | null;
  sets: GallerySet[];
  progress: { total: number; ready: number; processing: number; failed: number };
  photos: AdminGalleryPhoto[];
}

