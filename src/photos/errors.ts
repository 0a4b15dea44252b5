/** Errors of the photo module that reach the photographer: an HTTP status, a name and a Czech message. */
export type PhotoErrorName = 'ValidationError' | 'PayloadTooLargeError' | 'UnsupportedMediaTypeError' | 'UnprocessableImageError' | 'StorageUnavailableError';

export class PhotoError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorName: PhotoErrorName,
    message: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'PhotoError';
  }
}

export const storageUnavailable = () =>
  new PhotoError(503, 'StorageUnavailableError', 'Úložiště fotografií teď neodpovídá nebo je plné. Nic nebylo uloženo, zkuste nahrání za chvíli znovu.', { retryable: true });
export const notAnImage = () =>
  new PhotoError(415, 'UnsupportedMediaTypeError', 'Soubor není obrázek, který server umí přečíst. Nahrajte prosím fotografii ve formátu JPEG, PNG, WebP, TIFF nebo HEIC.');
