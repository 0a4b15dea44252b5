/** Uploaded and generated images: the local disk by default, S3-compatible object storage when configured. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** `null` when the key does not exist. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Neplatný klíč souboru: ${JSON.stringify(key).slice(0, 80)}`);
    this.name = 'StorageKeyError';
  }
}

/** Keys look like `weddings/anna-petr/01.jpg`: no `..`, no leading slash, a safe character set. */
export function assertValidKey(key: string): void {
  if (
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith('/') ||
    !/^[A-Za-z0-9._\-/]+$/.test(key) ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new StorageKeyError(key);
  }
}
