/**
 * Errors of the studio API, in the Strapi-style envelope every admin endpoint uses:
 * `{ data: null, error: { status, name, message, details } }` with a Czech message.
 */
export type StudioErrorName =
  | 'ValidationError'
  | 'NotFoundError'
  | 'ConflictError'
  | 'PayloadTooLargeError'
  | 'UnsupportedMediaTypeError'
  | 'UnprocessableImageError'
  | 'StorageUnavailableError';

export class StudioError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorName: StudioErrorName,
    message: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

export const validation = (message: string, details: Record<string, unknown> = {}) => new StudioError(400, 'ValidationError', message, details);
export const notFound = (message: string) => new StudioError(404, 'NotFoundError', message);
export const conflict = (message: string, details: Record<string, unknown> = {}) => new StudioError(409, 'ConflictError', message, details);
export const unprocessableImage = (message: string) => new StudioError(422, 'UnprocessableImageError', message);
export const storageUnavailable = () =>
  new StudioError(503, 'StorageUnavailableError', 'Úložiště fotografií teď neodpovídá nebo je plné. Nic nebylo uloženo, zkuste nahrání za chvíli znovu.', { retryable: true });
