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
  blurDataUrl: string | null;
  /** Widths of the public variants made (studio photos, once processed; empty otherwise). */
  variantWidths: number[];
  /** Why processing failed (Czech, for the photographer). */
  error: string | null;
  takenAt: Date | null;
  createdAt: Date;
  processedAt: Date | null;
}
