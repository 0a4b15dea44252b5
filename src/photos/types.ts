/** What the photo module tells other domains about a photo (no storage keys, no queue internals). */
export type PhotoStatus = 'processing' | 'ready' | 'failed';

export interface PhotoInfo {
  id: string;
  status: PhotoStatus;
  /** The file name as uploaded. */
  originalName: string;
  contentType: string;
  contentHash: string;
  /** Size of the upload as received. */
  sizeBytes: number;
  /** Oriented size in pixels (known once processed). */
  width: number | null;
  height: number | null;
  /** Size of the full-resolution download (GPS removed) once processed. */
  downloadBytes: number | null;
  /** Size of the 2048 px web download once processed. */
  webBytes: number | null;
  /** CRC-32 of the full-resolution download file, once known (null for photos processed before it was kept). */
  downloadCrc32: number | null;
  /** CRC-32 of the web download file, once known. */
  webCrc32: number | null;
  blurDataUrl: string | null;
  /** Widths of the public variants made (studio photos, once processed; empty otherwise). */
  variantWidths: number[];
  /** Why processing failed (Czech, for the photographer). */
  error: string | null;
  takenAt: Date | null;
  createdAt: Date;
  processedAt: Date | null;
}
