/** Errors of the galleries' admin API, answered as `{ error: { status, name, message } }` with a Czech message. */
export type GalleryErrorName = 'ValidationError' | 'NotFoundError' | 'ConflictError' | 'PayloadTooLargeError' | 'UnsupportedMediaTypeError' | 'UnprocessableImageError' | 'StorageUnavailableError';

export class GalleryError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorName: GalleryErrorName,
    message: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'GalleryError';
  }
}

export const GALLERY_NOT_FOUND = 'Galerie nenalezena (možná byla mezitím smazána).';
export const notFound = (message = GALLERY_NOT_FOUND) => new GalleryError(404, 'NotFoundError', message);
export const validation = (message: string) => new GalleryError(400, 'ValidationError', message);
export const conflict = (message: string, details: Record<string, unknown> = {}) => new GalleryError(409, 'ConflictError', message, details);
