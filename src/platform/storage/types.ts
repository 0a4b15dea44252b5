/** Uploaded and generated images: the local disk by default, S3-compatible object storage when configured. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** A stored object opened for reading: its bytes as a stream (never whole in memory) and its total size. */
export interface StoredStream {
  stream: ReadableStream<Uint8Array>;
  /** The object's whole size in bytes (not the range's). */
  size: number;
  contentType: string;
  /**
   * The local driver's file holding the object's bytes (absolute path), for a reader that reads them at positions
   * into buffers of its own (the server's gallery ZIP writer). Absent for S3: read `stream`.
   */
  file?: string;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file from the local disk by streaming it (local: copy then rename; S3: one streamed PUT of known
   * length). A reader never sees half an object.
   */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /**
   * Copies a stored object to another key without the bytes passing through this process: the local disk links the
   * file (a hard link; a plain copy only where links are impossible), S3 copies server-side (CopyObject). False when
   * `from` does not exist. A reader of `to` never sees half an object.
   */
  copy(from: string, to: string): Promise<boolean>;
  /** `null` when the key does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Opens the object (or a byte range of it) as a stream; `null` when the key does not exist. */
  open(key: string, range?: ByteRange): Promise<StoredStream | null>;
  /** Size and type without reading the bytes; `null` when the key does not exist. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
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
