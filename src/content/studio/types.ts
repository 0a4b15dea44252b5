/** Shapes of the studio's admin API (shared by the route handlers and the admin UI). */

export type PhotoStatus = 'processing' | 'ready' | 'failed';

export interface AdminPhoto {
  id: string;
  status: PhotoStatus;
  alt: string;
  category: string | null;
  width: number | null;
  height: number | null;
  fileName: string;
  position: number;
  /** Largest variant width (ready photos), for previews. */
  previewWidth: number | null;
  error?: string;
}

export interface AdminWedding {
  id: string;
  slug: string;
  published: boolean;
  coverPhotoId: string | null;
  couple: string;
  date: string;
  location: string;
  shortDescription: string;
  story: string;
  year: number;
  favorite: boolean;
  updatedAt: string;
  photos: AdminPhoto[];
}

export interface AdminWeddingSummary {
  id: string;
  slug: string;
  couple: string;
  date: string;
  location: string;
  published: boolean;
  photoCount: number;
}

export interface AdminPost {
  id: string;
  slug: string;
  published: boolean;
  title: string;
  date: string;
  excerpt: string;
  /** Markdown. */
  body: string;
  coverPhotoId: string | null;
  updatedAt: string;
}

export interface AdminPostSummary {
  id: string;
  slug: string;
  title: string;
  date: string;
  published: boolean;
}

/** A ready studio photo the admin can pick as a post's cover (grouped by wedding in the editor). */
export interface CoverChoice {
  id: string;
  weddingCouple: string;
  fileName: string;
  alt: string;
  /** Smallest variant width, for the thumbnail. */
  thumbWidth: number;
}
